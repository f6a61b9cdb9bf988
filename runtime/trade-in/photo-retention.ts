// Removes the photos of valuations that never became a Trade-in Enquiry once they are older than the site's
// settings.tradeIn.photoRetentionDays (default 7): uploads need no account, so photos nobody sent in would otherwise
// stay on disk (or in S3) for ever. Photos of an evaluation with a lead are kept.
// Runs in every server process (main.ts): each photo's record is deleted only while its evaluation still has no lead,
// by whichever process gets there first, and its bytes after that; removing bytes already gone is no error. If the
// bytes cannot be removed (storage down) the record is put back, so the next round tries again.
import tenantSchema from '../../schemas/tenant.schema.json';
import { resolvedSettings } from '../domain/settings';
import type { ImageStorage } from './image-storage';
import type { EvaluationStore } from './store';
import { PollingWorker } from '../infra/polling-worker';
import type { TenantDocument } from '../../schemas/generated/tenant';

const DAY = 86_400_000;
const BATCH = 200;

export interface PhotoRetentionOptions {
  store: () => EvaluationStore | undefined;
  images: () => ImageStorage | undefined;
  /** The site's current document (its retention setting), or undefined for a site no longer served. */
  tenantBySlug: (slug: string) => TenantDocument | undefined;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export interface RetentionReport {
  removed: number;
  failed: number;
}

// The schema's default, for a site whose document is gone (so no validator filled it in).
const SCHEMA_RETENTION_DAYS: number = tenantSchema.properties.settings.properties.tradeIn.properties.photoRetentionDays.default;

/** One round over every site with photos. */
export async function removeExpiredPhotos(options: PhotoRetentionOptions): Promise<RetentionReport> {
  const store = options.store();
  const images = options.images();
  const report = { removed: 0, failed: 0 };
  if (!store || !images) return report;
  const now = (options.now ?? Date.now)();
  for (const tenant of await store.imageTenants()) {
    const doc = options.tenantBySlug(tenant);
    // A site no longer served keeps nothing longer than the default.
    const days = doc ? resolvedSettings(doc.settings).tradeIn.photoRetentionDays : SCHEMA_RETENTION_DAYS;
    const before = now - days * DAY;
    // Batches until a round finds nothing it can remove (a failed photo stays, so it must not loop for ever).
    for (;;) {
      const batch = await store.unlinkedImages(tenant, before, BATCH);
      let progressed = 0;
      for (const image of batch) {
        if (!(await store.deleteUnlinkedImage(tenant, image.id))) continue;
        try {
          await images.remove(image.storageKey);
          report.removed++;
          progressed++;
        } catch (error) {
          report.failed++;
          options.log?.(`trade-in photo ${image.id} (${tenant}) not removed; kept for the next round`, error);
          await store.restoreImage(image);
        }
      }
      if (batch.length < BATCH || progressed === 0) break;
    }
  }
  return report;
}

/** The periodic clean-up: at start, then every `pollMs` (hourly by default). */
export class PhotoRetentionWorker extends PollingWorker {
  constructor(
    private readonly options: PhotoRetentionOptions,
    pollMs = 3_600_000,
  ) {
    super(pollMs, (m) => (options.log ?? console.error)(`trade-in photo clean-up failed: ${m}`));
  }

  protected round() {
    return removeExpiredPhotos(this.options);
  }
}
