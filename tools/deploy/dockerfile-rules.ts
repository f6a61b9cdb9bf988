// The Dockerfile's rules, checked without Docker: the hadolint rules that matter for this image (their codes in the
// messages), plus what the recipe promises (non-root, production dependencies only, a health check on /readyz).
export interface Instruction {
  line: number;
  keyword: string;
  args: string;
}

/** Instructions of a Dockerfile: comments dropped, continuation lines joined, keywords upper-cased. */
export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i] ?? '';
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      i++;
      const next = lines[i] ?? '';
      if (/^\s*#/.test(next)) continue;
      line = `${line.slice(0, -1)} ${next.trim()}`;
    }
    const m = /^\s*(\w+)\s*(.*)$/.exec(line);
    if (m) out.push({ line: start + 1, keyword: (m[1] ?? '').toUpperCase(), args: (m[2] ?? '').trim() });
  }
  return out;
}

/** One sentence per broken rule, with its line. */
export function dockerfileProblems(text: string): string[] {
  const all = parseDockerfile(text);
  const problems: string[] = [];
  const at = (i: Instruction, message: string) => problems.push(`Dockerfile:${i.line}: ${message}`);
  const args = new Map(all.filter((i) => i.keyword === 'ARG').map((i) => [i.args.split('=')[0], i.args.split('=')[1] ?? '']));
  const stages: Instruction[][] = [];
  for (const i of all) {
    if (i.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(i);
  }
  const stageNames = new Set(
    all
      .filter((i) => i.keyword === 'FROM')
      .map((i) => /\bAS\s+(\S+)/i.exec(i.args)?.[1])
      .filter(Boolean),
  );
  for (const i of all) {
    if (i.keyword === 'FROM') {
      const image = (i.args.split(/\s+/)[0] ?? '').replace(/\$\{(\w+)\}/g, (_, name) => args.get(name) ?? '');
      if (stageNames.has(image)) continue;
      if (!image.includes(':') && !image.includes('@')) at(i, `DL3006: pin the version of the base image "${image}"`);
      else if (/:latest$/.test(image)) at(i, `DL3007: do not build from the "latest" tag (${image})`);
    }
    if (i.keyword === 'ADD' && !/https?:\/\//.test(i.args)) at(i, 'DL3020: use COPY, not ADD, for files and folders');
    if (i.keyword === 'WORKDIR' && !i.args.startsWith('/')) at(i, 'DL3000: use an absolute WORKDIR');
    if (i.keyword === 'RUN') {
      if (/(^|[;&|]\s*)sudo\b/.test(i.args)) at(i, 'DL3004: do not use sudo');
      if (/(^|&&|;)\s*cd\s/.test(i.args)) at(i, 'DL3003: use WORKDIR to switch to a folder');
      if (/apt-get install/.test(i.args)) {
        if (!/--no-install-recommends/.test(i.args)) at(i, 'DL3015: apt-get install --no-install-recommends');
        if (!/-y\b|--yes\b/.test(i.args)) at(i, 'DL3014: apt-get install -y');
        if (!/rm -rf \/var\/lib\/apt\/lists/.test(i.args)) at(i, 'DL3009: delete the apt lists after installing');
      }
      if (/npm (ci|install)\b/.test(i.args) && /--production\b/.test(i.args)) at(i, 'npm --production is gone: use --omit=dev');
    }
    if ((i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT') && !i.args.startsWith('[')) at(i, `DL3025: write ${i.keyword} as a JSON list`);
  }
  const final = stages.at(-1) ?? [];
  const user = final.filter((i) => i.keyword === 'USER').at(-1);
  if (!user || /^(root|0)(:|$)/.test(user.args)) problems.push('Dockerfile: DL3002: the image must run as a user other than root (USER in the last stage)');
  // The server keeps validated tenant documents in TENANT_CACHE_DIR; a folder its user cannot write would make every
  // start validate every document again.
  const userName = user?.args.split(':')[0];
  const cacheDir = final.flatMap((i) => (i.keyword === 'ENV' ? [/\bTENANT_CACHE_DIR=(\S+)/.exec(i.args)?.[1]] : [])).find(Boolean);
  const owned = (dir: string) =>
    final.some(
      (i) =>
        i.keyword === 'RUN' &&
        new RegExp(`chown\\s+(-R\\s+)?${userName}\\b`).test(i.args) &&
        i.args.split(/\s+/).some((word) => word.startsWith('/') && (dir === word || dir.startsWith(`${word.replace(/\/$/, '')}/`))),
    );
  if (!cacheDir || !cacheDir.startsWith('/') || !owned(cacheDir))
    problems.push(`Dockerfile: set TENANT_CACHE_DIR (ENV in the last stage) to a folder that a RUN chown gives the user${userName ? ` ${userName}` : ''}`);
  const health = all.find((i) => i.keyword === 'HEALTHCHECK');
  if (!health || !health.args.includes('/readyz')) problems.push('Dockerfile: the image needs a HEALTHCHECK that asks /readyz');
  if (!all.some((i) => i.keyword === 'RUN' && /npm prune --omit=dev/.test(i.args)))
    problems.push('Dockerfile: the image must carry production dependencies only (npm prune --omit=dev after the build)');
  if (stages.length < 2) problems.push('Dockerfile: build in one stage and run from another, so compilers and dev dependencies stay out of the image');
  return problems;
}
