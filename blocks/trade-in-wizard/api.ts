// The wizard's calls to the eval-expert API (docs/requirements/dealer-services.md#calls). Every failure becomes the step error: the server's
// message, or 'An error occurred while submitting the form. Please try again.' (docs/requirements/dealer-services.md#errors).
import { TRADE_IN_MESSAGES } from '../../runtime/domain/trade-in';

export type CallResult<T> = { ok: true; data: T } | { ok: false; error: string; fields?: Record<string, string> };

async function read(response: Response): Promise<Record<string, unknown> | unknown[] | null> {
  try {
    return (await response.json()) as Record<string, unknown> | unknown[];
  } catch {
    return null;
  }
}

function failure(body: unknown): { ok: false; error: string; fields?: Record<string, string> } {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const error = typeof b.error === 'string' && b.error.trim() ? b.error : TRADE_IN_MESSAGES.submitFailed;
  const fields = b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined;
  return { ok: false, error, fields };
}

export async function postJson<T>(path: string, body: unknown): Promise<CallResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data = await read(response);
    return response.ok ? { ok: true, data: data as T } : failure(data);
  } catch {
    return { ok: false, error: TRADE_IN_MESSAGES.submitFailed };
  }
}

/** One photo (multipart: evalid, then the file), reporting progress from 0 to 1. */
export function uploadImage(evalid: string, file: File, onProgress: (fraction: number) => void): Promise<CallResult<{ image_id: string; count: number }>> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('evalid', evalid);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/eval-expert/image-upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve({ ok: true, data: xhr.response }) : resolve(failure(xhr.response)));
    xhr.onerror = () => resolve({ ok: false, error: TRADE_IN_MESSAGES.submitFailed });
    xhr.send(form);
  });
}
