// For tests: a small S3-compatible server on loopback (path-style: /{bucket}/{key}) that answers PutObject, GetObject,
// DeleteObject and ListObjectsV2 as S3 does, and checks every request as S3 would: an AWS Signature Version 4
// Authorization header recomputed here from the request and the known secret, a payload hash that matches the body,
// and a request date within 15 minutes. A request that fails a check gets S3's 403 error and is recorded as refused.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface S3StubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Why the stub refused it (signature, payload hash, date), or undefined when it was answered. */
  refused?: string;
}

export interface S3Stub {
  url: string;
  bucket: string;
  objects: Map<string, Buffer>;
  requests: S3StubRequest[];
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Recomputes the SigV4 signature of a request; the reason it does not match, or undefined. */
function signatureProblem(req: IncomingMessage, url: URL, body: Buffer, accessKeyId: string, secretAccessKey: string): string | undefined {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return `no SigV4 Authorization header (${auth.slice(0, 40)})`;
  const [, key, day = '', region = '', signedHeaders = '', signature] = m;
  if (key !== accessKeyId) return `unknown access key ${key}`;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return 'x-amz-date does not match the credential scope';
  const when = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  if (!(Math.abs(Date.now() - when) < 15 * 60_000)) return 'the request date is not within 15 minutes';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return 'no x-amz-content-sha256 header';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'the payload hash does not match the body';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = url.pathname
    .split('/')
    .map((s) => encode(decodeURIComponent(s)))
    .join('/');
  const canonical = [req.method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  return hmac(signingKey, toSign).toString('hex') === signature ? undefined : 'the signature does not match';
}

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}

export async function startS3Stub(options: { bucket?: string; accessKeyId: string; secretAccessKey: string; pageSize?: number }): Promise<S3Stub> {
  const bucket = options.bucket ?? 'uploads';
  const objects = new Map<string, Buffer>();
  const requests: S3StubRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://stub');
    const record: S3StubRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
    };
    requests.push(record);
    const problem = signatureProblem(req, url, body, options.accessKeyId, options.secretAccessKey);
    if (problem) {
      record.refused = problem;
      return s3Error(res, 403, 'SignatureDoesNotMatch', problem);
    }
    const [, b, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (b !== bucket) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + (options.pageSize ?? 1000));
      const truncated = start + page.length < all.length;
      const items = page
        .map(
          (k) =>
            `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)!.length}</Size><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>"${sha256(objects.get(k)!).slice(0, 32)}"</ETag><StorageClass>STANDARD</StorageClass></Contents>`,
        )
        .join('');
      return void res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>${items}${truncated ? `<NextContinuationToken>${start + page.length}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
    }
    if (!key) return s3Error(res, 400, 'InvalidRequest', 'A key is required');
    if (req.method === 'PUT') {
      if (req.headers['content-length'] !== String(body.length)) return s3Error(res, 400, 'IncompleteBody', 'The body does not have the length announced');
      objects.set(key, body);
      return void res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
    }
    if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.length) }).end(found);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
