import { describe, expect, it } from 'vitest';
import { bytesLeft, QUOTA_WINDOW_MS, quotaRefusal, uploadClientKey, uploadQuotaOf, type UploadQuota, type UploadUsage } from './upload-quota';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';

const MB = 1024 * 1024;
const NOW = 50_000_000;
const quota: UploadQuota = {
  maxImages: 10,
  evaluationBytes: 40 * MB,
  addressPhotos: 30,
  addressBytes: 60 * MB,
  siteBytes: 500 * MB,
  windowMs: QUOTA_WINDOW_MS,
};
const usage = (over: Partial<UploadUsage> = {}): UploadUsage => ({
  evaluation: { count: 0, bytes: 0 },
  address: { count: 0, bytes: 0, oldestAt: null },
  site: { bytes: 0, oldestAt: null },
  ...over,
});

describe('upload quotas', () => {
  it('come from settings.tradeIn.uploadLimits, in megabytes, with the schema defaults', () => {
    expect(uploadQuotaOf({ settings: allSettingsWithDefaults() })).toEqual(quota);
    expect(
      uploadQuotaOf({ settings: allSettingsWithDefaults({ tradeIn: { uploadLimits: { perAddressMegabytesPerHour: 2.5, perSiteMegabytesPerHour: 100 } } }) }),
    ).toEqual({
      ...quota,
      addressBytes: 2.5 * MB,
      siteBytes: 100 * MB,
    });
  });

  it('allow a photo that fits every quota, to the byte', () => {
    expect(quotaRefusal(usage(), quota, 10 * MB, NOW)).toBeNull();
    expect(quotaRefusal(usage({ evaluation: { count: 9, bytes: 30 * MB } }), quota, 10 * MB, NOW)).toBeNull();
    expect(bytesLeft(usage({ evaluation: { count: 1, bytes: 30 * MB } }), quota)).toBe(10 * MB);
    expect(bytesLeft(usage({ address: { count: 1, bytes: 59 * MB, oldestAt: NOW } }), quota)).toBe(MB);
    expect(bytesLeft(usage({ address: undefined, site: { bytes: 495 * MB, oldestAt: NOW } }), quota)).toBe(5 * MB);
  });

  it('refuse the 11th photo of a valuation with 409, and more bytes than a valuation holds with 413', () => {
    expect(quotaRefusal(usage({ evaluation: { count: 10, bytes: 1 } }), quota, 1, NOW)).toEqual({
      status: 409,
      reason: 'too-many-images',
      message: 'You can only upload 10 images',
    });
    expect(quotaRefusal(usage({ evaluation: { count: 4, bytes: 35 * MB } }), quota, 5 * MB + 1, NOW)).toEqual({
      status: 413,
      reason: 'evaluation-bytes',
      message: 'Your photos together are too large: a valuation can hold up to 40MB of photos. Please choose smaller photos.',
    });
    // Nothing may start once the valuation is full.
    expect(quotaRefusal(usage({ evaluation: { count: 4, bytes: 40 * MB } }), quota, 0, NOW)?.status).toBe(413);
  });

  it('refuse an address over its photos or bytes of the hour with 429, and the wait until its first photo leaves the hour', () => {
    const photos = quotaRefusal(usage({ address: { count: 30, bytes: MB, oldestAt: NOW - 50 * 60_000 } }), quota, 1, NOW);
    expect(photos).toEqual({
      status: 429,
      reason: 'address-photos',
      message: 'Too many photos have been uploaded from this connection in the last hour. Please try again in about 10 minutes.',
      retryAfter: 600,
    });
    const bytes = quotaRefusal(usage({ address: { count: 3, bytes: 58 * MB, oldestAt: NOW - 59.5 * 60_000 } }), quota, 3 * MB, NOW);
    expect(bytes).toMatchObject({ status: 429, reason: 'address-bytes', retryAfter: 30 });
    expect(bytes?.message).toContain('in about a minute.');
    // An unknown address is not counted per address.
    expect(quotaRefusal(usage({ address: undefined }), quota, 3 * MB, NOW)).toBeNull();
  });

  it("refuse every address once the site's hour is full", () => {
    expect(quotaRefusal(usage({ site: { bytes: 499 * MB, oldestAt: NOW - 30 * 60_000 } }), quota, 2 * MB, NOW)).toEqual({
      status: 429,
      reason: 'site-bytes',
      message: 'This website is receiving a lot of photos right now. Please try again in about 30 minutes.',
      retryAfter: 1800,
    });
  });

  it('keep only a hash of the client address, the same for the same address', () => {
    const key = uploadClientKey('203.0.113.9');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain('203');
    expect(uploadClientKey('203.0.113.9')).toBe(key);
    expect(uploadClientKey('203.0.113.10')).not.toBe(key);
    expect(uploadClientKey(undefined)).toBeNull();
  });
});
