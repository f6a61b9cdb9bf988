// Staff CLI for reservations (runtime/reservations), on the same database and payment provider as the server:
//   npm run reservations -- list [--tenant big-sky-cars] [--status paid]
//   npm run reservations -- cancel <reservation id or number R-XXXXXXXX>   cancels and refunds the deposit
// Uses DATABASE_URL (PostgreSQL) or RESERVATIONS_DB (default data/reservations.sqlite), and Stripe when
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (as the server does). The running server's search shows the
// car as available again at its next reservation sweep (RESERVATIONS_SWEEP_MS, default 30 s).
import { formatCents, reservationNumber } from '../runtime/domain/checkout';
import { createReservationSystem, openReservationStore } from '../runtime/reservations';

const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};

const store = await openReservationStore({ databaseUrl: process.env.DATABASE_URL, sqliteFile: process.env.RESERVATIONS_DB });
const system = createReservationSystem({ store, catalogue: () => undefined, tenantBySlug: () => undefined, env: { ...process.env, TEST_CLOCK: '' } });

try {
  if (command === 'list') {
    const tenant = flag('tenant');
    const status = flag('status');
    const rows = (await store.all()).filter((r) => (!tenant || r.tenant === tenant) && (!status || r.status === status));
    for (const r of rows) {
      console.log(
        [
          reservationNumber(r.id),
          r.id,
          r.tenant,
          `car ${r.carId}`,
          r.kind,
          r.status,
          formatCents(r.depositCents),
          new Date(r.createdAt).toISOString(),
          r.shopper.email,
          r.refundId ?? '',
        ].join('\t'),
      );
    }
    console.log(`${rows.length} reservation(s)`);
  } else if (command === 'cancel' && rest[0]) {
    const wanted = rest[0];
    const match = (await store.all()).find((r) => r.id === wanted || reservationNumber(r.id) === wanted.toUpperCase());
    if (!match) {
      console.error(`No reservation ${wanted}.`);
      process.exitCode = 1;
    } else {
      const result = await system.service.cancelAndRefund(match.id);
      console.log(result.message);
      if (!result.ok) process.exitCode = 1;
    }
  } else {
    console.error('usage: npm run reservations -- list [--tenant slug] [--status paid] | cancel <id or R-number>');
    process.exitCode = 2;
  }
} finally {
  await system.close();
}
