// Fixture lists a test indexes into by position: typed as holding that many items, so `list[0]` is an item and not
// `item | undefined`, after one check that fails the test with a message when the fixture is smaller than it reads.

type AtLeast<T, N extends number, Head extends T[] = []> = Head['length'] extends N ? [...Head, ...T[]] : AtLeast<T, N, [...Head, T]>;

/** `list` typed as holding at least `n` items; throws, naming `what`, when it holds fewer. */
export function atLeast<T, N extends number>(n: N, list: T[], what: string): AtLeast<T, N> {
  if (list.length < n) throw new Error(`${what} holds ${list.length} item(s); the test reads ${n}`);
  return list as AtLeast<T, N>;
}

/** `list[i]`; throws, naming `what`, when the list is shorter. */
export function itemAt<T>(list: readonly T[], i: number, what: string): T {
  const item = list[i];
  if (item === undefined) throw new Error(`${what} holds ${list.length} item(s); item ${i} was asked for`);
  return item;
}
