// Sign-up flood bench: npm run bench:signup-flood [-- --seconds 8] [--after-only]
//
// Starts the whole app in this process (startTestApp, shopper passwords at their real scrypt cost), then floods shopper
// sign-up with 8 parallel loops (each a new email per request, the next sent when the answer comes): first from one
// client address, then from a new address per request (so the per-address rate limit alone cannot explain the result),
// --seconds each (default 8). Meanwhile two probers fetch the home page (gzip, as browsers ask) and a static file one
// request after another, and the bench prints p50/p99 of each and the count of 201/429/503 answers per phase.
// It runs twice: "before", with the password-hashing queue disabled (as the server was), then "after", with its
// limits; --after-only skips the first. Exit 1 when a page p99 of the "after" run is 200 ms or more.
// The app's code uses Vite features (import.meta.glob), so the bench is loaded through Vite's SSR loader, as the attack
// suite is (tools/lib/vite-ssr.ts).
import { withViteSsr } from '../lib/vite-ssr';

try {
  process.exitCode = await withViteSsr(async (load) => {
    const { runSignupFlood } = (await load('/tools/bench/signup-flood-run.ts')) as typeof import('./signup-flood-run');
    return runSignupFlood(process.argv.slice(2));
  });
} catch (e) {
  console.error(e);
  process.exitCode = 1;
}
