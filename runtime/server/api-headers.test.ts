import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalTenant } from '../../test-support/tenants';
import { startAppWithTenants, type AppWithTenants } from '../../test-support/server';
import { addJsonAnswerHeaders, API_CONTENT_DISPOSITION } from './api-headers';
import { send } from '../../test-support/http-client';

let app: AppWithTenants;
let server: Server;

beforeAll(async () => {
  app = await startAppWithTenants({ 'test-motors': minimalTenant('test-motors', { domains: ['test-motors.example'] }) }, { defaultSlug: 'test-motors' });
  server = app.server;
});
afterAll(() => app.close());

const host = 'test-motors.example';

describe('JSON answers: Content-Disposition and nosniff', () => {
  it('every JSON answer, success or refusal, is an attachment named api.json with nosniff', async () => {
    for (const [method, path, body] of [
      ['GET', '/healthz', undefined],
      ['GET', '/__data?path=/', undefined],
      ['GET', '/__data', undefined],
      ['POST', '/api/search', '{"queries": ['],
      ['POST', '/api/leads', { form: 'enquiry' }],
    ] as const) {
      const res = await send(server, host, method, path, body);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(res.headers['content-disposition'], path).toBe('attachment; filename="api.json"');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('leaves pages alone: a page is shown, not saved', async () => {
    const res = await send(server, host, 'GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps an answer's own Content-Disposition and adds nothing to other types", () => {
    const response = () => new ServerResponse(new IncomingMessage(new Socket()));
    const download = response();
    download.setHeader('content-type', 'application/json; charset=utf-8');
    download.setHeader('content-disposition', 'attachment; filename="site.json"');
    addJsonAnswerHeaders(download);
    expect(download.getHeader('content-disposition')).toBe('attachment; filename="site.json"');
    expect(download.getHeader('x-content-type-options')).toBe('nosniff');
    const pdf = response();
    pdf.setHeader('content-type', 'application/pdf');
    addJsonAnswerHeaders(pdf);
    expect(pdf.getHeader('content-disposition')).toBeUndefined();
    const json = response();
    json.setHeader('content-type', 'application/json');
    addJsonAnswerHeaders(json);
    expect(json.getHeader('content-disposition')).toBe(API_CONTENT_DISPOSITION);
  });
});
