// The editor's calls to its server API (runtime/editor/routes.ts): JSON in and out, the session's CSRF token on
// every state-changing request, and errors as values with the server's message.
export interface AccountInfo {
  email: string;
  name: string;
  admin: boolean;
  tenants: string[];
}

export interface RevisionMeta {
  rev: number;
  kind: 'draft' | 'published' | 'imported';
  author: string;
  authorName: string;
  at: string;
  baseRev?: number;
  restoredFrom?: number;
}

export interface Problem {
  path: string;
  message: string;
  code: string;
}

// biome-ignore lint/suspicious/noExplicitAny: an error response's body is whatever JSON the server sent
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; body: any };

let csrf = '';
export const setCsrf = (token: string) => (csrf = token);
const getCsrf = () => csrf;

export async function api<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(`/editor/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => ({}));
    if (res.ok) return { ok: true, status: res.status, data: data as T };
    return { ok: false, status: res.status, error: data.error ?? `The server answered ${res.status}.`, body: data };
  } catch {
    return { ok: false, status: 0, error: 'The server could not be reached. Check your connection and try again.', body: null };
  }
}

export interface UploadedMedia {
  id: string;
  name: string;
  url: string;
  width: number;
  height: number;
  referenced: boolean;
}

/** Uploads an image file into the site's media library (the picker's upload and a file dropped on the preview). */
export async function uploadMedia(site: string, file: File): Promise<{ ok: true; media: UploadedMedia } | { ok: false; error: string }> {
  try {
    const res = await fetch(`/editor/api/tenants/${encodeURIComponent(site)}/media`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), 'x-csrf-token': getCsrf() },
      body: file,
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) return { ok: false, error: data.error ?? `The server answered ${res.status}.` };
    return { ok: true, media: data.media };
  } catch (e) {
    return { ok: false, error: `The upload did not reach the server (${(e as Error).message}).` };
  }
}
