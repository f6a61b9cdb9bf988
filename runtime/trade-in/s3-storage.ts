// Uploads (trade-in photos, editor media) in S3-compatible object storage when S3_BUCKET is set, behind the same
// ImageStorage interface as the local folder, so every server process reads what any of them stored. Keys are the
// same as the folder's, under a prefix per kind (trade-in/, media/) and S3_PREFIX. A put answers only after the
// storage acknowledged the whole object (its length and checksum sent with it).
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { LocalFolderImageStorage, type ImageStorage } from './image-storage';

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*$/;

export class S3ImageStorage implements ImageStorage {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix = '',
  ) {}

  private objectKey(key: string) {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return `${this.prefix}${key}`;
  }

  async put(key: string, source: Readable) {
    const Key = this.objectKey(key);
    // Uploads are size-limited before they get here (trade-in photos, media library); a whole buffer lets the request
    // carry its length and checksum, and a failed source sends nothing.
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const body = Buffer.concat(chunks);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.length }));
    return { size: body.length };
  }

  async open(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return answer.Body instanceof Readable ? answer.Body : Readable.from(Buffer.from(await answer.Body!.transformToByteArray()));
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Every stored key under `keyPrefix` (without this storage's prefix), page by page: for operations and checks. */
  async keys(keyPrefix = ''): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${keyPrefix}`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}

export interface S3Env {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_PREFIX?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
}

/** The S3 client of S3_* (credentials from S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, else the AWS default chain). */
export function s3ClientFromEnv(env: S3Env = process.env): S3Client {
  const config: S3ClientConfig = {
    region: env.S3_REGION || 'us-east-1',
    // Most S3-compatible services (MinIO, R2, Ceph) want bucket-in-path addresses; AWS itself takes either.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : !!env.S3_ENDPOINT,
    // Checksums only where S3 requires them: S3-compatible services differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (env.S3_ENDPOINT) config.endpoint = env.S3_ENDPOINT;
  if (env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) config.credentials = { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY };
  return new S3Client(config);
}

/** S3 when S3_BUCKET is set (objects under S3_PREFIX + `kind`/), else the local folder. */
export function openImageStorage(kind: 'trade-in' | 'media', localDir: string, env: S3Env = process.env, client?: S3Client): ImageStorage {
  if (!env.S3_BUCKET) return new LocalFolderImageStorage(localDir);
  return new S3ImageStorage(client ?? s3ClientFromEnv(env), env.S3_BUCKET, `${env.S3_PREFIX ?? ''}${kind}/`);
}
