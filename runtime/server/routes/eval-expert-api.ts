// The instant offer calls of docs/requirements/dealer-services.md#calls, on the site of the Host they arrive on:
//   POST /api/eval-expert/enter-vin    {rego, state}                         → [ {VechielDescriptions} | {EvalID, ...} ] or []
//   POST /api/eval-expert/manual-entry {vin, desc}                           → [ {EvalID, ...} ]
//   POST /api/eval-expert/image-upload multipart: evalid, then one file      → 201 { image_id, count }; 409/413/429 past
//                                                                               a quota (settings.tradeIn.uploadLimits)
//   POST /api/eval-expert/update-eval  {evalid, km, cName, cEmail, cPhone}    → [ {EvalID, ..., KM, OfferPrice, OfferValidUntil} ]
//   POST /api/miscellaneous            {column_name: 'valuation', evalid, …}  → 201 { saved: true } (settings.tradeIn.saveValuation)
//   GET  /api/eval-expert/images/:id?expires&sig                             → the photo, for staff holding the lead's link
// EvalID is our own random id, bound to the site; the provider's id never leaves the server. Bad input: 4xx JSON
// { error, fields? }; same-origin and per-client limits as POST /api/leads; a filled honeypot looks like no match.
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  classifyLookup,
  instantValueAllowed,
  MAX_IMAGE_BYTES,
  normaliseRego,
  offerValidUntil,
  SNIFF_BYTES,
  sniffImageType,
  TRADE_IN_MESSAGES as M,
  vehicleDetailsErrors,
  type VehicleResult,
} from '../../domain/trade-in';
import { EMAIL_PATTERN, AU_PHONE_PATTERN, HONEYPOT_FIELD, LEAD_MESSAGES } from '../../domain/leads';
import type { RuntimeServices } from '../../services';
import {
  storageKeyFor,
  ValuationError,
  type EvaluationStore,
  type ImageLinkSigner,
  type ImageStorage,
  type TradeInCall,
  type TradeInRateLimiter,
  type ValuationProvider,
} from '../../trade-in';
import { sameSite } from './leads-api';
import { bytesLeft, quotaRefusal, uploadClientKey, uploadQuotaOf, type QuotaRefusal } from '../../trade-in/upload-quota';
import { resolvedSettings } from '../../domain/settings';

export interface TradeInServices {
  provider: ValuationProvider;
  store: EvaluationStore;
  images: ImageStorage;
  signer: ImageLinkSigner;
  limiter: TradeInRateLimiter;
  now?: () => number;
}

declare module '../../services' {
  interface RuntimeServices {
    /** The instant offer wizard's server side (runtime/trade-in). */
    tradeIn?: TradeInServices;
  }
}

const EVAL_EXPERT_PATH = '/api/eval-expert';
const MISCELLANEOUS_PATH = '/api/miscellaneous';
const JSON_LIMIT = '8kb';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Log = (m: string, e?: unknown) => void;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : null);
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What the browser sees of an evaluation: the seed's fields with our EvalID. */
const publicResult = (evalId: string, vehicle: VehicleResult): VehicleResult => ({ ...vehicle, EvalID: evalId });

export function evalExpertApi(services: RuntimeServices, options: { log?: Log } = {}): Router {
  const router = express.Router();
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));
  const now = () => (services.tradeIn?.now ?? Date.now)();

  /** Same site, service present, under the per-client limit. */
  const guard = (call: TradeInCall) => async (req: Request, res: Response, next: NextFunction) => {
    res.set('cache-control', 'no-store');
    if (!sameSite(req)) return res.status(403).json({ error: LEAD_MESSAGES.wrongSite });
    const t = services.tradeIn;
    if (!t) return res.status(503).json({ error: M.serviceUnavailable });
    try {
      const wait = await t.limiter.take(call, `${req.tenant!.slug}|${req.ip}`);
      if (wait !== null) {
        res.set('retry-after', String(wait));
        return res.status(429).json({ error: LEAD_MESSAGES.rateLimited });
      }
    } catch (e) {
      return next(e);
    }
    next();
  };
  const json = express.json({ limit: JSON_LIMIT, type: ['application/json', 'text/plain'] });
  const needJson = (req: Request, res: Response, next: NextFunction) =>
    isObject(req.body) ? next() : res.status(400).json({ error: 'Send a JSON object (Content-Type: application/json).' });

  /** Provider failures: the seed's message (or the service's own words) as a 4xx/5xx JSON answer, never a stack. */
  const failed = (res: Response, what: string, e: unknown) => {
    if (e instanceof ValuationError) return res.status(e.status).json({ error: e.message });
    log(`trade-in ${what} failed`, e);
    return res.status(502).json({ error: M.submitFailed });
  };

  async function storeEvaluation(req: Request, vehicle: VehicleResult & { EvalID: string }, rego: string, state: string, manualEntry: string | null) {
    const evalId = randomUUID();
    const { EvalID: providerEvalId, ...rest } = vehicle;
    await services.tradeIn!.store.create({ evalId, tenant: req.tenant!.slug, providerEvalId, rego, state, manualEntry, vehicle: rest, createdAt: now() });
    return publicResult(evalId, rest);
  }

  router.post(`${EVAL_EXPERT_PATH}/enter-vin`, guard('lookup'), json, needJson, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    if (typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD] !== '') return res.json([]);
    const fields = vehicleDetailsErrors(body);
    if (fields) return res.status(422).json({ error: LEAD_MESSAGES.fixErrors, fields });
    const rego = normaliseRego(String(body.rego));
    const state = String(body.state);
    try {
      const answer = await services.tradeIn!.provider.enterVin(rego, state, req.tenant!);
      const outcome = classifyLookup(answer);
      if (outcome.kind === 'evaluation') return res.json([await storeEvaluation(req, outcome.vehicle, rego, state, null)]);
      if (outcome.kind === 'descriptions')
        return res.json([{ VIN: outcome.vin, Registration: rego, VechielDescriptions: outcome.descriptions.map((Description) => ({ Description })) }]);
      return res.json([]);
    } catch (e) {
      return failed(res, 'lookup', e);
    }
  });

  router.post(`${EVAL_EXPERT_PATH}/manual-entry`, guard('lookup'), json, needJson, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const vin = str(body.vin, 40);
    const desc = str(body.desc, 300);
    if (!vin || !desc) return res.status(422).json({ error: M.chooseOneCar, fields: { desc: M.chooseOneCar } });
    // The rego and state looked up (optional extras beside the seed's body) are kept with the evaluation.
    const rego = typeof body.rego === 'string' ? normaliseRego(body.rego).slice(0, 12) : '';
    const state = typeof body.state === 'string' && !vehicleDetailsErrors({ rego: 'X', state: body.state }) ? body.state : '';
    try {
      const outcome = classifyLookup(await services.tradeIn!.provider.manualEntry(vin, desc, req.tenant!));
      if (outcome.kind !== 'evaluation') return res.status(422).json({ error: M.chooseOneCar, fields: { desc: M.chooseOneCar } });
      // The provider's manual entry answers by VIN without the registration; the one looked up belongs to the car.
      const vehicle = { ...outcome.vehicle, Registration: outcome.vehicle.Registration || rego };
      return res.json([await storeEvaluation(req, vehicle, rego, state, desc)]);
    } catch (e) {
      return failed(res, 'manual entry', e);
    }
  });

  const inFlight = new InFlightUploads();
  router.post(`${EVAL_EXPERT_PATH}/image-upload`, guard('upload'), (req, res) => {
    // Uploads under way are this process's disk and memory: counted here, not in the shared store.
    const key = `${req.tenant!.slug}|${req.ip}`;
    if (!inFlight.start(key)) {
      req.resume(); // read the body away, so the answer reaches the browser on a connection that stays open
      res.set('retry-after', '5');
      return res.status(429).json({ error: 'Please wait for your other photos to finish uploading, then try again.' });
    }
    res.on('close', () => inFlight.end(key));
    imageUpload(req, res, services.tradeIn!, now, log);
  });

  router.post(`${EVAL_EXPERT_PATH}/update-eval`, guard('update'), json, needJson, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const t = services.tradeIn!;
    const evalid = typeof body.evalid === 'string' && UUID.test(body.evalid) ? body.evalid : null;
    const fields: Record<string, string> = {};
    const km = typeof body.km === 'string' && /^\d{1,7}$/.test(body.km) ? Number(body.km) : body.km;
    if (typeof km !== 'number' || !Number.isInteger(km) || km < 0 || km > 2_000_000)
      fields.odometer = km === undefined || km === '' ? M.required : M.invalidNumber;
    const cName = str(body.cName, 120);
    if (!cName) fields.name = M.required;
    if (typeof body.cEmail !== 'string' || !new RegExp(EMAIL_PATTERN).test(body.cEmail) || body.cEmail.length > 254) fields.email = LEAD_MESSAGES.invalidEmail;
    if (typeof body.cPhone !== 'string' || !new RegExp(AU_PHONE_PATTERN).test(body.cPhone) || body.cPhone.length > 30)
      fields.phone = LEAD_MESSAGES.invalidPhone;
    if (Object.keys(fields).length) return res.status(422).json({ error: LEAD_MESSAGES.fixErrors, fields });
    const evaluation = evalid ? await t.store.get(req.tenant!.slug, evalid) : undefined;
    if (!evaluation) return res.status(404).json({ error: M.unknownEvaluation });
    const customer = { name: cName!, email: (body.cEmail as string).trim(), phone: (body.cPhone as string).trim() };
    // userEmail is the site's configured account (server-only setting), never what the browser says.
    const userEmail = resolvedSettings(req.tenant!.settings).tradeIn.valuationUserEmail;
    try {
      const [first] = await t.provider.updateEval(
        { evalid: evaluation.providerEvalId, km: km as number, userEmail, cName: customer.name, cEmail: customer.email, cPhone: customer.phone },
        { ...evaluation.vehicle, EvalID: evaluation.providerEvalId },
        req.tenant!,
      );
      const { EvalID: _provider, OfferPrice, ...vehicle } = first ?? {};
      const at = now();
      // docs/requirements/dealer-services.md#validation: no instant value over 10 years or over 100,000 km, whatever the service says.
      const allowed = instantValueAllowed({ year: vehicle.Year ?? evaluation.vehicle.Year, km: km as number }, new Date(at));
      const offerPrice = allowed && typeof OfferPrice === 'number' && OfferPrice > 0 ? OfferPrice : null;
      const merged = { ...evaluation.vehicle, ...vehicle, KM: km as number };
      await t.store.recordUpdate(req.tenant!.slug, evaluation.evalId, { km: km as number, offerPrice, offeredAt: at, customer, vehicle: merged });
      return res.json([
        {
          ...publicResult(evaluation.evalId, merged),
          OfferPrice: offerPrice,
          OfferValidUntil: offerPrice ? dateOnly(offerValidUntil(new Date(at)).getTime()) : null,
        },
      ]);
    } catch (e) {
      return failed(res, 'update', e);
    }
  });

  router.post(MISCELLANEOUS_PATH, guard('misc'), json, needJson, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    if (!resolvedSettings(req.tenant!.settings).tradeIn.saveValuation) return res.status(404).json({ error: 'This website does not save valuations.' });
    if (body.column_name !== 'valuation') return res.status(422).json({ error: "column_name must be 'valuation'." });
    const evalid = typeof body.evalid === 'string' && UUID.test(body.evalid) ? body.evalid : null;
    const { column_name: _c, ...valuation } = body;
    const saved = evalid ? await services.tradeIn!.store.saveValuation(req.tenant!.slug, evalid, valuation) : false;
    if (!saved) return res.status(404).json({ error: M.unknownEvaluation });
    return res.status(201).json({ saved: true });
  });

  router.get(`${EVAL_EXPERT_PATH}/images/:imageId`, async (req, res, next) => {
    res.set('cache-control', 'private, no-store');
    const t = services.tradeIn;
    const imageId = req.params.imageId;
    const tenant = req.tenant!.slug;
    // Another site's photo, a wrong or expired signature: the same 404, naming nothing.
    if (!t || !UUID.test(imageId) || !t.signer.verify(tenant, imageId, req.query.expires, req.query.sig, now()))
      return res.status(404).json({ error: 'Not found.' });
    try {
      const image = await t.store.image(tenant, imageId);
      const stream = image ? await t.images.open(image.storageKey) : null;
      if (!image || !stream) return res.status(404).json({ error: 'Not found.' });
      res.set({
        'content-type': image.contentType,
        'content-length': String(image.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
      });
      stream.on('error', next);
      stream.pipe(res);
    } catch (e) {
      next(e);
    }
  });

  router.use([EVAL_EXPERT_PATH, MISCELLANEOUS_PATH], (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error?.type === 'entity.too.large') return res.status(413).json({ error: LEAD_MESSAGES.tooLarge });
    if (error?.type === 'entity.parse.failed') return res.status(400).json({ error: 'The request body is not valid JSON.' });
    if (error?.status && error.status >= 400 && error.status < 500) return res.status(error.status).json({ error: M.submitFailed });
    next(error);
  });

  return router;
}

/** Uploads in progress per site and client address, in this process (a browser sends one photo at a time). */
const MAX_UPLOADS_IN_FLIGHT = 2;
class InFlightUploads {
  private counts = new Map<string, number>();
  start(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= MAX_UPLOADS_IN_FLIGHT) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  end(key: string) {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

/**
 * Checks the first bytes (JPEG, PNG, GIF, HEIC) and counts the rest, failing as soon as the file reaches `max` bytes
 * (10MB, or less when a quota has less left) with the error `tooLarge` makes.
 */
class ImageGate extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  size = 0;
  contentType: string | null = null;
  constructor(
    private max: number,
    private tooLarge: () => UploadError,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size >= this.max) return done(this.tooLarge());
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < SNIFF_BYTES) return done();
      this.checked = true;
      this.contentType = sniffImageType(this.head);
      if (!this.contentType) return done(new UploadError(415, M.notAnImage));
      const held = this.head;
      this.head = Buffer.alloc(0);
      return done(null, held);
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    if (!this.checked) {
      this.contentType = sniffImageType(this.head);
      if (!this.contentType) return done(new UploadError(415, M.notAnImage));
      this.push(this.head);
    }
    done();
  }
}

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
  static of(refusal: QuotaRefusal) {
    return new UploadError(refusal.status, refusal.message, refusal.retryAfter);
  }
}

function imageUpload(req: Request, res: Response, t: TradeInServices, now: () => number, log: Log) {
  const tenant = req.tenant!.slug;
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { files: 1, fields: 4, fieldSize: 200, parts: 6, fileSize: MAX_IMAGE_BYTES } });
  } catch {
    return res.status(400).json({ error: 'Send the photo as multipart/form-data with evalid and one file.' });
  }
  let evalid: string | null = null;
  let answered = false;
  let work: Promise<void> | null = null;
  const answer = (status: number, body: unknown, retryAfter?: number) => {
    if (answered) return;
    answered = true;
    if (retryAfter) res.set('retry-after', String(retryAfter));
    res.status(status).json(body);
    req.unpipe(bb);
    req.resume(); // drain what is left so the connection can answer
  };

  bb.on('field', (name, value) => {
    if (name === 'evalid') evalid = value;
  });
  bb.on('file', (_name, file) => {
    if (work || !evalid || !UUID.test(evalid)) {
      file.resume();
      return answer(400, { error: 'Send evalid first, then one file.' });
    }
    const id = evalid;
    work = (async () => {
      const evaluation = await t.store.get(tenant, id);
      if (!evaluation) throw new UploadError(404, M.unknownEvaluation);
      // Quotas first (nothing is written when one is spent), then again with the real size when the record is added.
      const quota = uploadQuotaOf(req.tenant!);
      const clientKey = uploadClientKey(req.ip);
      const since = now() - quota.windowMs;
      const usage = await t.store.uploadUsage({ tenant, evalId: id, clientKey, since });
      const refused = quotaRefusal(usage, quota, 0, now());
      if (refused) throw UploadError.of(refused);
      const left = bytesLeft(usage, quota);
      const imageId = randomUUID();
      const key = storageKeyFor(tenant, id, imageId);
      // The stream is cut at 10MB, or as soon as it passes what the quotas have left.
      const gate =
        left + 1 < MAX_IMAGE_BYTES
          ? new ImageGate(left + 1, () =>
              UploadError.of(quotaRefusal(usage, quota, left + 1, now()) ?? { status: 413, reason: 'evaluation-bytes', message: M.imageTooLarge }),
            )
          : new ImageGate(MAX_IMAGE_BYTES, () => new UploadError(413, M.imageTooLarge));
      file.on('limit', () => gate.destroy(new UploadError(413, M.imageTooLarge)));
      file.on('error', (e) => gate.destroy(e));
      file.pipe(gate);
      const { size } = await t.images.put(key, gate);
      const at = now();
      const added = await t.store.addImage(
        { id: imageId, evalId: id, tenant, storageKey: key, contentType: gate.contentType!, size, createdAt: at, clientKey },
        (current) => quotaRefusal(current, quota, size, at),
        at - quota.windowMs,
      );
      if (added !== 'added') {
        await t.images.remove(key);
        throw added === 'unknown-evaluation' ? new UploadError(404, M.unknownEvaluation) : UploadError.of(added);
      }
      const count = (await t.store.images(tenant, id)).length;
      answer(201, { image_id: imageId, count });
    })().catch((e: unknown) => {
      file.resume();
      if (e instanceof UploadError) return answer(e.status, { error: e.message }, e.retryAfter);
      log(`trade-in photo not stored for ${tenant}`, e);
      answer(503, { error: M.submitFailed });
    });
  });
  bb.on('close', () => {
    if (!work) answer(400, { error: 'Send the photo as multipart/form-data with evalid and one file.' });
  });
  bb.on('error', () => answer(400, { error: 'Send the photo as multipart/form-data with evalid and one file.' }));
  req.pipe(bb);
}
