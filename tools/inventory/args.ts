// `--name value` command-line flags into a map; `--flag` alone means 'true'.
export function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) flags.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags.set(name, argv[++i]);
    else flags.set(name, 'true');
  }
  return flags;
}
