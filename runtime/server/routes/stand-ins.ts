// Local stand-ins for the outside pages some sites frame: the impel walkaround viewer and a dealer's external service
// booking page. Demo sites name these paths in their settings (they cannot reach the real services here), so the frame
// shows a plain page instead of a browser error. No scripts, no data: the same answer on every host.
import express, { type Request, type Response, type Router } from 'express';
import { STAND_IN_PREFIX } from '../../domain/stand-ins';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function standInPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#f5f7fa;display:grid;place-items:center;min-height:100vh;text-align:center}
main{max-width:32rem;padding:1.5rem}h1{font-size:1.4rem;margin:0 0 .5rem}p{margin:.5rem 0}
.spin{width:8rem;height:8rem;margin:0 auto 1rem;border-radius:50%;border:.5rem solid #d9e2ec;border-top-color:#486581}
@media (prefers-reduced-motion:no-preference){.spin{animation:turn 4s linear infinite}}@keyframes turn{to{transform:rotate(360deg)}}
</style></head><body><main>${body}</main></body></html>`;
}

export const WALKAROUND_STAND_IN_HEADING = '360° walkaround (demo)';
export const BOOKING_STAND_IN_HEADING = 'Online service booking (demo)';

export function standInRoutes(): Router {
  const router = express.Router();
  const send = (res: Response, html: string) => res.set('cache-control', 'public, max-age=300').type('html').send(html);
  router.get(`${STAND_IN_PREFIX}walkaround/:vin`, (req: Request, res: Response) => {
    const vin = String(req.params.vin).slice(0, 40);
    send(
      res,
      standInPage(
        WALKAROUND_STAND_IN_HEADING,
        `<div class="spin" aria-hidden="true"></div><h1>${WALKAROUND_STAND_IN_HEADING}</h1><p>VIN ${escapeHtml(vin)}</p><p>On a live site the dealer's walkaround provider shows this car here.</p>`,
      ),
    );
  });
  router.get(`${STAND_IN_PREFIX}service-booking`, (_req: Request, res: Response) => {
    send(
      res,
      standInPage(
        BOOKING_STAND_IN_HEADING,
        `<h1>${BOOKING_STAND_IN_HEADING}</h1><p>On a live site the dealer's own booking system shows here, to choose a day and a service.</p><p>Call the service team to book in the meantime.</p>`,
      ),
    );
  });
  return router;
}
