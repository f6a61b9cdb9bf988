// LISTEN on a connection of its own that comes back by itself: a database restart or a cut connection would otherwise
// leave a process deaf to other processes' publishes and feed imports until it restarts. Each attempt is bounded by the
// connect timeout (a database behind a proxy that accepts and never answers would hang it), and a lost connection is
// retried every `retryMs`. Notifications sent while it was away are lost, so `onReconnect` tells the caller to catch up.
import pg from 'pg';
import { pgTimeouts } from './durable-pg';

export interface ListenOptions {
  channel: string;
  onNotification: (payload: string) => void;
  /** Called once listening again after a loss: what was sent meanwhile was missed. */
  onReconnect?: () => void;
  /** The connection's application_name (pg_stat_activity shows it). */
  applicationName?: string;
  /** What the messages call this listener ("tenant documents"). */
  name: string;
  log?: (message: string) => void;
  retryMs?: number;
}

/** Listens until the returned function is called. The first connection's failure is thrown (a start should fail). */
export async function listenWithReconnect(connectionString: string, options: ListenOptions): Promise<() => Promise<void>> {
  const { channel, name, log = console.error, retryMs = 1000 } = options;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const { connectionTimeoutMillis, keepAlive } = pgTimeouts();
  const later = () => {
    if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), retryMs);
  };
  const connect = async (afterLoss: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: options.applicationName, connectionTimeoutMillis, keepAlive });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) options.onNotification(n.payload);
    });
    const lost = (why: string) => {
      if (stopped || client !== c) return;
      client = undefined;
      log(`${name}: the PostgreSQL notification connection was lost (${why}); reconnecting`);
      c.end().catch(() => {});
      later();
    };
    c.on('error', (e) => lost(e.message));
    c.on('end', () => lost('closed'));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      c.end().catch(() => {});
      if (!afterLoss) throw e;
      log(`${name}: could not listen yet (${(e as Error).message}); trying again`);
      later();
      return;
    }
    if (stopped) return void c.end().catch(() => {});
    client = c;
    if (afterLoss) options.onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
