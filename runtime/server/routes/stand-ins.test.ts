import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsp } from '../../../test-support/security-headers-check';
import { securityHeaders } from '../security-headers';
import { get } from '../../../test-support/http-client';
import { BOOKING_STAND_IN_HEADING, standInRoutes, WALKAROUND_STAND_IN_HEADING } from './stand-ins';
import { listenOnLoopback } from '../../../test-support/server';

let server: Server;
beforeAll(async () => {
  const app = express();
  app.use(securityHeaders());
  app.use(standInRoutes());
  app.get('/{*path}', (_req, res) => res.send('page'));
  server = await listenOnLoopback(app);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('stand-ins for the outside pages demo sites frame', () => {
  it('serve the walkaround for the VIN asked, escaped, framable by the same origin only', async () => {
    const res = await get(server, 'harbourside-mazda.localhost', '/stand-in/walkaround/%3Cb%3EJM0KF4');
    expect(res.status).toBe(200);
    expect(res.body).toContain(WALKAROUND_STAND_IN_HEADING);
    expect(res.body).toContain('VIN &#60;b&#62;JM0KF4');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('<script');
    expect(parseCsp(String(res.headers['content-security-policy']))['frame-ancestors']).toEqual(["'self'"]);
  });
  it('serve the booking page; every other page still refuses to be framed', async () => {
    const res = await get(server, 'big-sky-cars.localhost', '/stand-in/service-booking');
    expect(res.status).toBe(200);
    expect(res.body).toContain(BOOKING_STAND_IN_HEADING);
    const page = await get(server, 'big-sky-cars.localhost', '/stand-in-not/x');
    expect(parseCsp(String(page.headers['content-security-policy']))['frame-ancestors']).toEqual(["'none'"]);
  });
});
