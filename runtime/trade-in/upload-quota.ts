// Quotas of the trade-in photo upload (settings.tradeIn.uploadLimits): photos and bytes per valuation, per client
// address per hour, and bytes per site per hour. Uploads need no account, so without them one address could fill the
// disk. The store counts what is kept (in the transaction that adds a photo, shared by every process); the rules here
// are pure, over an injected `now`.
import { createHash } from 'node:crypto';
import { MAX_IMAGES, TRADE_IN_MESSAGES as M } from '../domain/trade-in';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { resolvedSettings } from '../domain/settings';

const MB = 1024 * 1024;
export const QUOTA_WINDOW_MS = 3_600_000;

export interface UploadQuota {
  /** Photos per valuation (docs/requirements/dealer-services.md: 10). */
  maxImages: number;
  evaluationBytes: number;
  addressPhotos: number;
  addressBytes: number;
  siteBytes: number;
  /** The window of the address and site quotas. */
  windowMs: number;
}

export function uploadQuotaOf(site: Pick<TenantDocument, 'settings'>): UploadQuota {
  const l = resolvedSettings(site.settings).tradeIn.uploadLimits;
  return {
    maxImages: MAX_IMAGES,
    evaluationBytes: Math.floor(l.perEvaluationMegabytes * MB),
    addressPhotos: l.perAddressPhotosPerHour,
    addressBytes: Math.floor(l.perAddressMegabytesPerHour * MB),
    siteBytes: Math.floor(l.perSiteMegabytesPerHour * MB),
    windowMs: QUOTA_WINDOW_MS,
  };
}

/** What is kept now, as counted by the store. `oldestAt`: the first photo still in the window. */
export interface UploadUsage {
  evaluation: { count: number; bytes: number };
  /** Absent when the client address is unknown. */
  address?: { count: number; bytes: number; oldestAt: number | null };
  site: { bytes: number; oldestAt: number | null };
}

export interface QuotaRefusal {
  status: 409 | 413 | 429;
  reason: 'too-many-images' | 'evaluation-bytes' | 'address-photos' | 'address-bytes' | 'site-bytes';
  message: string;
  /** Whole seconds until the quota frees up (429 only). */
  retryAfter?: number;
}

const waitFor = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
};
const megabytes = (bytes: number) => `${Math.round(bytes / MB)}MB`;

/** The quota a photo of `incoming` bytes would break, or null. `incoming` 0: may an upload start at all. */
export function quotaRefusal(usage: UploadUsage, quota: UploadQuota, incoming: number, now: number): QuotaRefusal | null {
  const retry = (oldestAt: number | null) => Math.max(1, Math.ceil(((oldestAt ?? now) + quota.windowMs - now) / 1000));
  if (usage.evaluation.count >= quota.maxImages) return { status: 409, reason: 'too-many-images', message: M.tooManyImages };
  if (usage.evaluation.bytes + Math.max(incoming, 1) > quota.evaluationBytes)
    return {
      status: 413,
      reason: 'evaluation-bytes',
      message: `Your photos together are too large: a valuation can hold up to ${megabytes(quota.evaluationBytes)} of photos. Please choose smaller photos.`,
    };
  const a = usage.address;
  if (a && (a.count >= quota.addressPhotos || a.bytes + Math.max(incoming, 1) > quota.addressBytes)) {
    const retryAfter = retry(a.oldestAt);
    return {
      status: 429,
      reason: a.count >= quota.addressPhotos ? 'address-photos' : 'address-bytes',
      message: `Too many photos have been uploaded from this connection in the last hour. Please try again in about ${waitFor(retryAfter)}.`,
      retryAfter,
    };
  }
  if (usage.site.bytes + Math.max(incoming, 1) > quota.siteBytes) {
    const retryAfter = retry(usage.site.oldestAt);
    return {
      status: 429,
      reason: 'site-bytes',
      message: `This website is receiving a lot of photos right now. Please try again in about ${waitFor(retryAfter)}.`,
      retryAfter,
    };
  }
  return null;
}

/** The most bytes the next photo may have under the byte quotas (the stream is cut beyond it). */
export function bytesLeft(usage: UploadUsage, quota: UploadQuota): number {
  const left = [quota.evaluationBytes - usage.evaluation.bytes, quota.siteBytes - usage.site.bytes];
  if (usage.address) left.push(quota.addressBytes - usage.address.bytes);
  return Math.max(0, Math.min(...left));
}

/** The client address as stored with a photo: only compared with other photos' keys, so a hash is enough. */
export const uploadClientKey = (address: string | undefined): string | null =>
  address ? createHash('sha256').update(`trade-in-upload\0${address}`).digest('base64url').slice(0, 22) : null;
