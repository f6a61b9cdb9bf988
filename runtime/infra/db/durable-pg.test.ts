import { describe, expect, it } from 'vitest';
import { pgTimeouts } from './durable-pg';

describe('pgTimeouts', () => {
  it('bounds connecting (5 s) and every query (10 s, client and server side) unless the environment says otherwise', () => {
    expect(pgTimeouts({})).toEqual({ connectionTimeoutMillis: 5000, query_timeout: 10_000, statement_timeout: 10_000, keepAlive: true });
    expect(pgTimeouts({ PG_CONNECT_TIMEOUT_MS: '1500', PG_QUERY_TIMEOUT_MS: '2500' })).toMatchObject({
      connectionTimeoutMillis: 1500,
      query_timeout: 2500,
      statement_timeout: 2500,
    });
    // A value that is not a positive number keeps the default rather than turning the bound off.
    expect(pgTimeouts({ PG_CONNECT_TIMEOUT_MS: '0', PG_QUERY_TIMEOUT_MS: 'soon' })).toMatchObject({ connectionTimeoutMillis: 5000, query_timeout: 10_000 });
  });
});
