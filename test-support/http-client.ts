// Sends requests with a chosen Host header (Node's fetch ignores a custom Host), for server tests.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function get(server: Server, host: string, path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${host}${path}`)));
    req.end();
  });
}

export interface TestJsonResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  /** The parsed body when the answer is JSON, else null. */
  // biome-ignore lint/suspicious/noExplicitAny: the test reads fields of a JSON answer or row whose shape the assertions check
  json: any;
}

/** Any method with a Host header; an object body is sent as JSON, a string body as given. */
export function send(
  server: Server,
  host: string,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<TestJsonResponse> {
  const { port } = server.address() as AddressInfo;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host, ...extraHeaders };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const type = String(res.headers['content-type'] ?? '');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json: type.includes('json') && raw.length ? JSON.parse(raw.toString()) : null });
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${method} ${host}${path}`)));
    req.end(text);
  });
}
