// The security headers of every page type and API of every site (test-support/security-headers-check.ts): a CSP
// without 'unsafe-eval' or inline scripts, nosniff, frame-ancestors, Referrer-Policy, no HSTS over plain http, and the
// editor's preview framable by its own host only.
import { securityHeaderProblems } from '../../test-support/security-headers-check';
import type { SecurityModule } from './harness';

export const headers: SecurityModule = {
  name: 'security headers of every page type',
  async run(ctx) {
    for (const site of ctx.sites) {
      const host = `${site.slug}.localhost`;
      const car = ctx.carsOf(site).find((c) => c.status === 'in_stock');
      const pages = ['/', '/search', '/contact', '/trade-in', '/service', '/sign-in', '/no-such-page', '/__data?path=/', ...(car ? [`/cars/${car.slug}`] : [])];
      for (const path of pages) {
        await ctx.recorder.attempt(
          'headers/pages',
          `${host}${path}`,
          () => ctx.request(host, 'GET', path),
          (a) => {
            const problems = securityHeaderProblems(a.headers);
            return problems.length ? { fail: problems.join('; ') } : undefined;
          },
        );
      }
      for (const [method, path, body] of [
        ['POST', '/api/search', { queries: [{ q: '' }] }],
        ['POST', '/api/leads', {}],
        ['GET', '/api/account', undefined],
      ] as const) {
        await ctx.recorder.attempt(
          'headers/apis',
          `${method} ${host}${path}`,
          () => ctx.request(host, method, path, body === undefined ? {} : { body }),
          (a) => {
            const problems = securityHeaderProblems(a.headers);
            return problems.length ? { fail: problems.join('; ') } : undefined;
          },
        );
      }
    }
    await ctx.recorder.attempt(
      'headers/editor',
      'GET /editor/api/tenants (signed out)',
      () => ctx.request('localhost', 'GET', '/editor/api/tenants'),
      (a) => {
        const problems = securityHeaderProblems(a.headers);
        return problems.length ? { fail: problems.join('; ') } : undefined;
      },
    );
  },
};
