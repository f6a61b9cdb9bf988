// The local provider against its demo register and the offer model; the HTTP adapter against a node:http stub on
// port 0 (bodies, key, time-out, error mapping).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { classifyLookup, TRADE_IN_MESSAGES } from '../domain/trade-in';
import { httpValuationProvider, localValuationProvider, ValuationError } from '.';
import { atLeast } from '../../test-support/at-least';

const tenant = { slug: 'demo' } as TenantDocument;
const stockCars = Array.from({ length: 5 }, (_, i) => ({ make: 'Toyota', model: 'Corolla', year: 2022, km: 30_000, price: 25_000 + i * 1000 }));
const searches: unknown[] = [];
const local = localValuationProvider(() => ({
  async search(t, params) {
    searches.push({ t: t.slug, params });
    return { hits: stockCars };
  },
}));

describe('local valuation provider', () => {
  it('TRADE1 (qld) has several descriptions; choosing one gives an evaluation', async () => {
    const answer = await local.enterVin('TRADE1', 'qld', tenant);
    const outcome = classifyLookup(answer);
    expect(outcome.kind).toBe('descriptions');
    if (outcome.kind !== 'descriptions') return;
    const [, second] = atLeast(3, outcome.descriptions, 'the descriptions');
    const chosen = await local.manualEntry(outcome.vin, second, tenant);
    expect(chosen[0]).toMatchObject({ Make: 'Mazda', Model: 'CX-5', Year: 2021, Variant: 'Touring' });
    expect(chosen[0]?.EvalID).toMatch(/^LOCAL-/);
    expect(await local.manualEntry(outcome.vin, 'not listed', tenant)).toEqual([]);
  });
  it('EVAL01 (qld) is a single evaluation; the same rego in another state or an unknown rego is no match', async () => {
    expect(classifyLookup(await local.enterVin('eval01', 'qld', tenant)).kind).toBe('evaluation');
    expect(await local.enterVin('EVAL01', 'nsw', tenant)).toEqual([]);
    expect(await local.enterVin('ZZZ999', 'qld', tenant)).toEqual([]);
  });
  it('update-eval prices from the site stock of the same make', async () => {
    const [ev] = atLeast(1, await local.enterVin('EVAL01', 'qld', tenant), 'the evaluations');
    const [updated] = await local.updateEval({ evalid: ev.EvalID!, km: 30_000, userEmail: '', cName: 'A', cEmail: 'a@b.co', cPhone: '0400000000' }, ev, tenant);
    expect(updated).toMatchObject({ EvalID: ev.EvalID, KM: 30_000, OfferPrice: 20_200 });
    expect(searches.at(-1)).toMatchObject({ t: 'demo', params: { filter: ['make = "Toyota"', 'price > 0'] } });
  });
});

describe('HTTP valuation adapter', () => {
  let server: Server;
  let base = '';
  const seen: { path: string; auth?: string; body: unknown }[] = [];
  let answer: (path: string) => { status: number; body: string; delayMs?: number } = () => ({ status: 200, body: '[]' });
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || 'null') });
        const a = answer(req.url ?? '');
        setTimeout(() => {
          res.writeHead(a.status, { 'content-type': 'application/json' });
          res.end(a.body);
        }, a.delayMs ?? 0);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eval`;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  const provider = (timeoutMs = 2000) => httpValuationProvider({ baseUrl: base, apiKey: 'k-123', timeoutMs });

  it('posts the seed bodies with the key and keeps only the seed fields', async () => {
    answer = () => ({ status: 200, body: JSON.stringify([{ VIN: 'V', VechielDescriptions: [{ Description: 'A <b>' }, { x: 1 }], Secret: 'x' }]) });
    const r = await provider().enterVin('ABC123', 'qld', tenant);
    expect(r).toEqual([{ VIN: 'V', VechielDescriptions: [{ Description: 'A <b>' }] }]);
    expect(seen.at(-1)).toEqual({ path: '/eval/enter-vin', auth: 'Bearer k-123', body: { rego: 'ABC123', state: 'qld' } });
    answer = () => ({ status: 200, body: JSON.stringify([{ EvalID: 'E1', Year: 2020, OfferPrice: 12345.4 }]) });
    await provider().manualEntry('V', 'A', tenant);
    expect(seen.at(-1)?.body).toEqual({ vin: 'V', desc: 'A' });
    const [u] = atLeast(
      1,
      await provider().updateEval({ evalid: 'E1', km: 1, userEmail: 'u@d.co', cName: 'N', cEmail: 'e@x.co', cPhone: '0400000000' }, {}, tenant),
      'the evaluations',
    );
    expect(u.OfferPrice).toBe(12345);
    expect(seen.at(-1)).toMatchObject({
      path: '/eval/update-eval',
      body: { evalid: 'E1', km: 1, userEmail: 'u@d.co', cName: 'N', cEmail: 'e@x.co', cPhone: '0400000000' },
    });
  });
  it('a 404 lookup is no match; a 4xx message is passed on; 5xx, bad JSON and time-outs get the seed message', async () => {
    answer = () => ({ status: 404, body: '{}' });
    expect(await provider().enterVin('X', 'qld', tenant)).toEqual([]);
    answer = () => ({ status: 400, body: JSON.stringify({ error: 'Rego <i>format</i> not recognised' }) });
    await expect(provider().manualEntry('V', 'A', tenant)).rejects.toEqual(new ValuationError('Rego format not recognised', 422));
    answer = () => ({ status: 500, body: 'Traceback ...' });
    await expect(provider().enterVin('X', 'qld', tenant)).rejects.toMatchObject({ message: TRADE_IN_MESSAGES.submitFailed, status: 502 });
    answer = () => ({ status: 200, body: '{"not":"a list"}' });
    await expect(provider().enterVin('X', 'qld', tenant)).rejects.toMatchObject({ message: TRADE_IN_MESSAGES.submitFailed });
    answer = () => ({ status: 200, body: '[]', delayMs: 500 });
    await expect(provider(50).enterVin('X', 'qld', tenant)).rejects.toMatchObject({ message: TRADE_IN_MESSAGES.submitFailed, status: 502 });
  });
  it('a refused connection is the seed message too', async () => {
    await expect(httpValuationProvider({ baseUrl: 'http://127.0.0.1:1' }).enterVin('X', 'qld', tenant)).rejects.toMatchObject({
      message: TRADE_IN_MESSAGES.submitFailed,
    });
  });
});
