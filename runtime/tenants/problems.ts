// A problem found in a tenant document: where (a readable JSON path) and what is wrong, in plain words.
export interface Problem {
  path: string;
  message: string;
  /** Which rule found it: 'schema' or a cross-document check's code. */
  code: string;
}

/** '/pages/~1cars~1:slug/blocks/0/props' -> 'pages["/cars/:slug"].blocks[0].props' */
export function pointerToPath(pointer: string): string {
  if (!pointer) return '(document)';
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return segmentsToPath(segments);
}

export function segmentsToPath(segments: (string | number)[]): string {
  let out = '';
  for (const seg of segments) {
    if (typeof seg === 'number' || /^\d+$/.test(String(seg))) out += `[${seg}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(String(seg))) out += out ? `.${seg}` : String(seg);
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(document)';
}

export function formatProblem(file: string, p: Problem): string {
  return `${file}: ${p.path}: ${p.message}`;
}
