// The focal point of a picture that blocks crop (object-fit: cover): staff click or drag on the picture, or focus the
// marker and move it with the arrow keys (Shift for bigger steps). Stored as whole percentages, { x, y }, beside the
// image; the site renders it as the crop's object-position.
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { previewImageAddress } from '../../preview/uploads';

export interface Point {
  x: number;
  y: number;
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/** The stored point, or the middle (how the browser crops without one). */
export function focalOf(value: unknown): Point {
  const v = value as Partial<Point> | undefined;
  return typeof v?.x === 'number' && typeof v?.y === 'number' ? { x: clamp(v.x), y: clamp(v.y) } : { x: 50, y: 50 };
}

/** Where an arrow key moves the point: 1% a press, 10% with Shift; undefined for other keys. */
export function movedBy(point: Point, key: string, shift: boolean): Point | undefined {
  const step = shift ? 10 : 1;
  const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const move = d[key];
  return move ? { x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) } : undefined;
}

export function FocalPoint({ src, site, label, value, onChange }: { src: string; site: string; label: string; value: unknown; onChange(p: Point): void }) {
  const stored = focalOf(value);
  // While dragging the marker follows the pointer; the document changes once, when the pointer is let go.
  const [dragged, setDragged] = useState<Point | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const point = dragged ?? stored;
  const at = (e: PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return { x: clamp(((e.clientX - r.left) / r.width) * 100), y: clamp(((e.clientY - r.top) / r.height) * 100) };
  };
  const onKey = (e: KeyboardEvent) => {
    const next = movedBy(point, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    onChange(next);
  };
  return (
    <div className="focal-point">
      <p className="help" id={helpId}>
        Focal point: click the part of the picture that must stay in view when it is cropped, or focus the marker and use the arrow keys.
      </p>
      <div
        ref={box}
        className="focal-frame"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setDragged(at(e));
        }}
        onPointerMove={(e) => dragged && setDragged(at(e))}
        onPointerUp={(e) => {
          if (!dragged) return;
          const p = at(e);
          setDragged(null);
          onChange(p);
        }}
        onPointerCancel={() => setDragged(null)}
      >
        <img src={previewImageAddress(src, site)} alt="" draggable={false} />
        <button
          type="button"
          className="focal-marker"
          style={{ left: `${point.x}%`, top: `${point.y}%` }}
          aria-label={`Focal point of ${label.toLowerCase()}: ${point.x}% from the left, ${point.y}% from the top`}
          aria-describedby={helpId}
          onKeyDown={onKey}
        />
      </div>
    </div>
  );
}
