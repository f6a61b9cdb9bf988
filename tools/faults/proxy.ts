// A TCP proxy on loopback that the fault scenarios put between the servers and what they depend on (PostgreSQL,
// Meilisearch, the CRM, the SMTP relay), to make that dependency slow, unreachable, cut off or failing on demand.
import { createServer, connect, type Server, type Socket } from 'node:net';

export type FaultMode =
  /** Bytes pass both ways. */
  | { kind: 'pass' }
  /** Every chunk from the client reaches the target `ms` later (in order): a slow database or service. */
  | { kind: 'delay'; ms: number }
  /** Connections are refused (closed at once) and open ones are cut: a stopped service. */
  | { kind: 'down' }
  /** Connections are accepted but nothing passes either way: a network partition. Healing cuts them. */
  | { kind: 'blackhole' }
  /** An HTTP service answering 503 to every request. */
  | { kind: 'http503' };

export interface FaultProxy {
  port: number;
  url(scheme: string, path?: string): string;
  set(mode: FaultMode): void;
  readonly mode: FaultMode;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
  /** Chunks from the client still waiting out a delay. */
  pending: Promise<void>;
}

const HTTP_503 =
  'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: 58\r\n\r\n{"message":"fault proxy: unavailable","code":"internal"}\r\n';

export async function startFaultProxy(target: { host: string; port: number }, listenPort = 0): Promise<FaultProxy> {
  let mode: FaultMode = { kind: 'pass' };
  const pairs = new Set<Pair>();
  const cut = (p: Pair) => {
    p.client.destroy();
    p.upstream?.destroy();
    pairs.delete(p);
  };
  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode.kind === 'down') return void client.destroy();
    if (mode.kind === 'http503') {
      client.once('data', () => client.end(HTTP_503));
      return;
    }
    const pair: Pair = { client, pending: Promise.resolve() };
    pairs.add(pair);
    if (mode.kind === 'blackhole') {
      client.on('close', () => pairs.delete(pair));
      return; // nothing is read or answered until it heals (then it is cut)
    }
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => cut(pair));
    client.on('close', () => cut(pair));
    upstream.on('close', () => cut(pair));
    client.on('data', (chunk) => {
      if (mode.kind === 'blackhole') return;
      if (mode.kind === 'delay') {
        const ms = mode.ms;
        pair.pending = pair.pending.then(() => new Promise<void>((r) => setTimeout(r, ms))).then(() => void upstream.write(chunk));
      } else {
        pair.pending = pair.pending.then(() => void upstream.write(chunk));
      }
    });
    upstream.on('data', (chunk) => {
      if (mode.kind !== 'blackhole') client.write(chunk);
    });
  });
  await new Promise<void>((r) => server.listen(listenPort, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    get mode() {
      return mode;
    },
    set(next) {
      const was = mode.kind;
      mode = next;
      // Stopping cuts what was open; a partition that heals leaves its stalled connections broken, as TCP would.
      if (next.kind === 'down' || next.kind === 'http503' || (was === 'blackhole' && next.kind !== 'blackhole')) for (const p of [...pairs]) cut(p);
    },
    close() {
      for (const p of [...pairs]) cut(p);
      return new Promise((r) => server.close(() => r()));
    },
  };
}
