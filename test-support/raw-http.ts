// Sends bytes exactly as written (two Host headers, odd framing) on a fresh socket and reads the answer until the
// server closes; for tests and the attack suite, where Node's http client would tidy the request up.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The body of a chunked answer: its chunks' bytes without their sizes. */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** `text` should ask for "Connection: close": the answer is read until the server closes the socket. */
export function rawRequest(port: number, text: string, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('no answer in time')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks);
      const end = answer.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = answer
        .subarray(0, end < 0 ? answer.length : end)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = end < 0 ? Buffer.alloc(0) : answer.subarray(end + 4);
      const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? unchunk(rest) : rest;
      resolve({ status: Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: body.toString('utf8') });
    });
    // Written, not ended: a half-closed socket may be dropped before a slow answer is sent. Send "Connection: close".
    socket.write(text);
  });
}
