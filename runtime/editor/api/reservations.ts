// Staff: the site's reservations, and cancelling one with a full refund through the payment provider.
import type { Router } from 'express';
import type { EditorApi } from './context';

export function reservationsRoutes(router: Router, api: EditorApi): void {
  const { services, log, signedIn, granted } = api;
  // Staff: the site's reservations, and cancelling one with a full refund through the payment provider.
  router.get('/api/tenants/:slug/reservations', signedIn, granted, async (req, res) => {
    if (!services.reservations) return res.status(503).json({ error: 'Reservations are not available on this server.' });
    res.json({ reservations: await services.reservations.listFor(String(req.params.slug)) });
  });
  router.post('/api/tenants/:slug/reservations/:id/cancel', signedIn, granted, async (req, res) => {
    if (!services.reservations) return res.status(503).json({ error: 'Reservations are not available on this server.' });
    try {
      const result = await services.reservations.cancelAndRefund(String(req.params.id), String(req.params.slug));
      res
        .status(result.ok ? 200 : result.message.startsWith('No reservation') ? 404 : 409)
        .json(result.ok ? { message: result.message, refund_id: result.refundId ?? null } : { error: result.message });
    } catch (error) {
      log(`cancel of reservation ${String(req.params.id)} failed`, error);
      res.status(503).json({ error: 'The payment provider could not be reached. Nothing was changed; please try again.' });
    }
  });
}
