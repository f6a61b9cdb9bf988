/** The value after `--name` on the command line, or `fallback` without the flag; the flag without a value is an error. */
export function optionValue(args: readonly string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1];
  if (value === undefined) throw new Error(`--${name} needs a value`);
  return value;
}
