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
