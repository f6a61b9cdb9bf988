// SSRF through CRM endpoints: a lead is only ever POSTed over https to a public address checked at delivery time,
// on a connection pinned to that address (DNS rebinding cannot switch it); CRM_ALLOW_HOSTS lets tests use loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowListFromEnv, checkCrmTarget, isNonPublicAddress, pinnedCrmPost } from './crm-target';

let crm: Server;
let port: number;
const received: { host?: string; body: string }[] = [];

beforeAll(async () => {
  crm = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ host: req.headers.host, body });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  port = (crm.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => crm.close(() => r())));

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: Error) => e.message,
  );

describe('addresses a CRM may not be reached at', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.0.0.5',
    '172.16.3.4',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
  ])('%s is refused', (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '203.0.114.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isNonPublicAddress(address)).toBe(false),
  );
});

describe('checking a CRM URL at delivery time', () => {
  const publicDns = async () => [{ address: '93.184.216.34', family: 4 }];
  it('wants https unless the host is allow-listed', async () => {
    expect(await reason(checkCrmTarget('http://crm.example/leads', [], publicDns))).toBe('the CRM endpoint must use https');
    expect(await reason(checkCrmTarget('https://crm.example/leads', [], publicDns))).toBe('allowed');
    expect(await reason(checkCrmTarget('ftp://crm.example/leads', ['crm.example'], publicDns))).toBe('the CRM endpoint must use https');
  });

  it('refuses loopback, private and metadata hosts however they are written', async () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/',
    ])
      expect(await reason(checkCrmTarget(url, []))).toMatch(/which is not a public address$/);
  });

  it('refuses a name when any of its addresses is not public (rebinding answers included)', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await reason(checkCrmTarget('https://crm.example/x', [], mixed))).toBe(
      'the CRM host crm.example resolves to 127.0.0.1, which is not a public address',
    );
    const metadata = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect(await reason(checkCrmTarget('https://crm.example/x', [], metadata))).toMatch(/not a public address/);
  });

  it('reads the allow-list from CRM_ALLOW_HOSTS', () => {
    expect(allowListFromEnv(' 127.0.0.1, CRM.test:8443 ,')).toEqual(['127.0.0.1', 'crm.test:8443']);
    expect(allowListFromEnv(undefined)).toEqual([]);
  });
});

describe('posting a lead', () => {
  it('sends nothing to a loopback CRM that is not allow-listed', async () => {
    const before = received.length;
    const post = pinnedCrmPost({ allow: [] });
    expect(await reason(post(`http://127.0.0.1:${port}/leads`, { headers: {}, body: '{}', timeoutMs: 2000 }))).toBe('the CRM endpoint must use https');
    expect(received.length).toBe(before);
  });

  it('connects to the address it checked: the name is resolved once, never again by the connection', async () => {
    let lookups = 0;
    // crm.test does not exist in DNS: the request only reaches the test CRM because it uses the checked address.
    const rebinding = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }]);
    const post = pinnedCrmPost({ allow: [`crm.test:${port}`], resolve: rebinding });
    const result = await post(`http://crm.test:${port}/leads`, { headers: { 'content-type': 'application/json' }, body: '{"lead":1}', timeoutMs: 2000 });
    expect(result).toEqual({ status: 202, ok: true });
    expect(lookups).toBe(1);
    expect(received.at(-1)).toEqual({ host: `crm.test:${port}`, body: '{"lead":1}' });
  });
});
