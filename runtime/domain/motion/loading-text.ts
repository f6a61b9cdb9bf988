// The loading text of a long wait: five messages, each shown for 5 seconds, then round again, so a shopper sees the
// page is still working.

export const LOADING_MESSAGE_INTERVAL_MS = 5000;

export const LOADING_MESSAGES = [
  'Loading…',
  'Still working on it…',
  'Thanks for waiting, nearly there…',
  'This is taking a little longer than usual…',
  'Almost done…',
] as const;

/** The message shown `elapsedMs` into the wait. */
export function loadingMessageAt(elapsedMs: number): string {
  const step = Math.floor(Math.max(0, elapsedMs) / LOADING_MESSAGE_INTERVAL_MS);
  return LOADING_MESSAGES[step % LOADING_MESSAGES.length] ?? LOADING_MESSAGES[0];
}
