// State of one 360° spin viewer, shared by its stage, hint, hotspots and loading indicator.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { frameAfterKey, nextAutoRotateFrame, spinLoadProgress, wrapFrame } from '../../../runtime/domain/vehicle';
import { useReducedMotion } from '../../../runtime/ui/reduced-motion';

export interface SpinnerState {
  frame: number;
  frameCount: number;
  /** 'Swipe to spin' shows until this turns true (docs/requirements/vehicle-browsing.md#states). */
  interacted: boolean;
  loaded: number;
  /** The frames' downloads have begun: until then (the server's HTML, a viewer not yet touched) nothing is loading. */
  started: boolean;
  progress: { done: boolean; percent: number };
  setFrame: (frame: number) => void;
  /** Arrow keys: ArrowRight forward, ArrowLeft back, wrapping around. */
  stepByKey: (key: string) => boolean;
  markInteracted: () => void;
  markStarted: () => void;
  /** `count` frames have settled (loaded or failed). */
  markLoaded: (count: number) => void;
}

const SpinnerContext = createContext<SpinnerState | null>(null);

export function SpinnerProvider({
  frameCount,
  autoRotate = false,
  intervalMs,
  children,
}: {
  frameCount: number;
  autoRotate?: boolean;
  intervalMs: number;
  children: ReactNode;
}) {
  const [frame, setFrameState] = useState(0);
  const [interacted, setInteracted] = useState(false);
  const [loaded, setLoaded] = useState(0);
  const [started, setStarted] = useState(false);
  const progress = spinLoadProgress(loaded, frameCount);

  const setFrame = useCallback((f: number) => setFrameState(wrapFrame(f, frameCount)), [frameCount]);
  const markInteracted = useCallback(() => setInteracted(true), []);
  const markStarted = useCallback(() => setStarted(true), []);
  const markLoaded = useCallback((count: number) => setLoaded((n) => n + count), []);
  const stepByKey = useCallback(
    (key: string) => {
      if (key !== 'ArrowRight' && key !== 'ArrowLeft') return false;
      setFrameState((f) => frameAfterKey(f, key, frameCount));
      setInteracted(true);
      return true;
    },
    [frameCount],
  );

  // docs/requirements/vehicle-browsing.md#states: optional auto-rotation, stopped by the first interaction; never for a shopper who reduces motion.
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!autoRotate || reduceMotion || interacted || !progress.done) return;
    const timer = setInterval(() => setFrameState((f) => nextAutoRotateFrame(f, frameCount)), intervalMs);
    return () => clearInterval(timer);
  }, [autoRotate, reduceMotion, interacted, progress.done, intervalMs, frameCount]);

  const value = useMemo<SpinnerState>(
    () => ({
      frame,
      frameCount,
      interacted,
      loaded,
      started,
      progress: spinLoadProgress(loaded, frameCount),
      setFrame,
      stepByKey,
      markInteracted,
      markStarted,
      markLoaded,
    }),
    [frame, frameCount, interacted, loaded, started, setFrame, stepByKey, markInteracted, markStarted, markLoaded],
  );
  return <SpinnerContext.Provider value={value}>{children}</SpinnerContext.Provider>;
}

/** docs/requirements/dealer-services.md#errors: a spinner context used outside its provider is internal misuse and throws. */
export function useSpinner(): SpinnerState {
  const state = useContext(SpinnerContext);
  if (!state) throw new Error('useSpinner() must be used inside <SpinnerProvider>');
  return state;
}
