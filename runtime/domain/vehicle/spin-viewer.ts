// Spin viewer frame math (docs/requirements/vehicle-browsing.md#states): drag or arrow keys step frames, wrapping around.

export const SPIN_PIXELS_PER_FRAME = 20; // docs/requirements/vehicle-browsing.md#states: sensitivity 20 pixels per frame
export const SPIN_AUTO_ROTATE_INTERVAL_MS = 100; // docs/requirements/vehicle-browsing.md#states: default auto-rotate interval

/** Frame index wrapped into 0..frameCount-1 (negative steps wrap to the end). */
export function wrapFrame(frame: number, frameCount: number): number {
  if (frameCount <= 0) return 0;
  return ((frame % frameCount) + frameCount) % frameCount;
}

/**
 * Frame shown while dragging: one frame per 20 px from where the drag started;
 * dragging right (positive dx) moves forward. Partial steps do not count.
 */
export function frameAfterDrag(startFrame: number, dragDeltaX: number, frameCount: number, pixelsPerFrame = SPIN_PIXELS_PER_FRAME): number {
  return wrapFrame(startFrame + Math.trunc(dragDeltaX / pixelsPerFrame), frameCount);
}

/** ArrowRight steps forward, ArrowLeft back; other keys leave the frame alone. */
export function frameAfterKey(frame: number, key: string, frameCount: number): number {
  if (key === 'ArrowRight') return wrapFrame(frame + 1, frameCount);
  if (key === 'ArrowLeft') return wrapFrame(frame - 1, frameCount);
  return frame;
}

/** The next frame on each auto-rotate tick. */
export function nextAutoRotateFrame(frame: number, frameCount: number): number {
  return wrapFrame(frame + 1, frameCount);
}

/** Loading indicator shows until every frame has loaded (docs/requirements/vehicle-browsing.md#states: images preload). */
export function spinLoadProgress(loaded: number, total: number): { done: boolean; percent: number } {
  if (total <= 0) return { done: true, percent: 100 };
  const clamped = Math.min(loaded, total);
  return { done: clamped >= total, percent: Math.floor((clamped / total) * 100) };
}

export interface HotspotAnchor {
  posX: number;
  posY: number;
  activeAngle: number;
}

export interface PlacedHotspot {
  id: string;
  description: string;
  /** Percent of the frame width and height. */
  posX: number;
  posY: number;
}

/**
 * Hotspots visible at one angle (docs/requirements/vehicle-browsing.md#data: per-angle positions posX, posY, activeAngle): a hotspot shows only
 * on the angles it has an anchor for (exterior: spin frame index; interior: view angle), at that anchor's position.
 */
export function hotspotsAtAngle(
  hotspots: ReadonlyArray<{ id: string; description: string; anchors: readonly HotspotAnchor[] }> | null | undefined,
  angle: number,
): PlacedHotspot[] {
  const placed: PlacedHotspot[] = [];
  for (const spot of hotspots ?? []) {
    const anchor = spot.anchors.find((a) => a.activeAngle === angle);
    if (anchor && spot.description?.trim()) placed.push({ id: spot.id, description: spot.description, posX: anchor.posX, posY: anchor.posY });
  }
  return placed;
}
