// The loading text of a wait: the five loading messages in turn, 5 s each (runtime/domain/motion/loading-text.ts).
import { useEffect, useState } from 'react';
import { LOADING_MESSAGE_INTERVAL_MS, loadingMessageAt } from '../domain/motion/loading-text';

export function LoadingText({ className }: { className?: string }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((ms) => ms + LOADING_MESSAGE_INTERVAL_MS), LOADING_MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={className} role="status" aria-live="polite">
      {loadingMessageAt(elapsed)}
    </p>
  );
}
