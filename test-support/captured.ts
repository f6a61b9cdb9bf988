/** The first group `pattern` captures in `text`; throws, naming the pattern, when it does not match. */
export function captured(pattern: RegExp, text: string): string {
  const group = pattern.exec(text)?.[1];
  if (group === undefined) throw new Error(`${pattern} captures nothing in ${JSON.stringify(text.slice(0, 200))}`);
  return group;
}
