// A small round-robin load balancer for the cluster test (what nginx does in front of the servers in production):
// each request goes to the next backend; a backend that refuses the connection is skipped for the next one, as nginx's
// proxy_next_upstream does for connection errors. Once a backend accepted a request and then died, the client gets a
// 502 and retries (with its idempotency key), as a browser would. The client's X-Forwarded-For is kept and the
// balancer's own view of the client appended, so the servers (TRUST_PROXY=loopback) see each shopper's address.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  port: number;
  /** Requests answered by each backend (by index), for the printed figures. */
  served: number[];
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

export async function startBalancer(backendPorts: number[], port = 0): Promise<Balancer> {
  const served = backendPorts.map(() => 0);
  let next = 0;

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    attempt: number,
    reply: (status: number, headers: IncomingMessage['headers'], stream?: IncomingMessage) => void,
  ) => {
    const index = next++ % backendPorts.length;
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: '127.0.0.1',
        port: backendPorts[index],
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) },
      },
      (response) => {
        served[index]++;
        reply(response.statusCode ?? 502, response.headers, response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && attempt + 1 < backendPorts.length) return forward(incoming, body, attempt + 1, reply);
      reply(502, { 'content-type': 'text/plain' });
    });
    upstream.setTimeout(30_000, () => upstream.destroy(new Error('upstream timeout')));
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      forward(req, Buffer.concat(chunks), 0, (status, headers, stream) => {
        if (res.headersSent) return;
        res.writeHead(status, headers);
        if (stream) {
          // A backend killed mid-answer: cut the client's connection too, so it retries.
          stream.on('aborted', () => res.destroy());
          stream.on('error', () => res.destroy());
          stream.pipe(res);
        } else res.end('bad gateway');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
