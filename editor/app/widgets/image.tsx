// The image picker for every string prop with `x-widget: "image"`: type an address, or pick from the site's media
// library, or upload a new image into it (resized on the server into responsive sizes). Unused images can be deleted
// from the library; ones the document uses are kept.
import { useEffect, useState } from 'react';
import { pathText } from '../doc-model';
import { registerWidget, type WidgetProps } from '../widget-registry';
import { api, uploadMedia, type UploadedMedia as MediaItem } from '../api';
import { FocalPoint } from './focal-point';

const thumbOf = (site: string, m: MediaItem) => `/editor/api/tenants/${encodeURIComponent(site)}/media/${m.id}/${m.url.split('/').pop()}`;

function ImagePicker({ spec, value, path, ctx, messages, siblings }: WidgetProps) {
  const id = 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const current = typeof value === 'string' ? value : '';
  const load = async () => {
    const r = await api<{ media: MediaItem[] }>('GET', `/tenants/${ctx.site}/media`);
    if (r.ok) setItems(r.data.media);
    else setError(r.error);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the library loads when the picker first opens; load is a new function each render
  useEffect(() => {
    if (open && !items) void load();
  }, [open]);
  async function upload(file: File) {
    setError('');
    setStatus(`Uploading ${file.name}…`);
    const r = await uploadMedia(ctx.site, file);
    if (!r.ok) {
      setStatus('');
      setError(r.error);
      return;
    }
    setStatus(`Uploaded ${file.name}.`);
    ctx.set(path, r.media.url, `Upload ${spec.label.toLowerCase()}`);
    // Added to the library only once it has loaded: a list of just this upload would stand for the whole library
    // (opening the picker loads only when nothing is there), hiding every earlier image.
    setItems((list) => (list ? [r.media, ...list] : list));
  }
  async function remove(m: MediaItem) {
    const r = await api('DELETE', `/tenants/${ctx.site}/media/${m.id}`);
    if (r.ok) setItems((list) => (list ?? []).filter((x) => x.id !== m.id));
    else setError(r.error);
  }
  return (
    <div className={`field field-image${messages.length ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {spec.label}
        {spec.required && (
          <span className="required" aria-label="required">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        type="text"
        value={current}
        placeholder="/uploads/… or https://…"
        onChange={(e) => ctx.set(path, e.target.value === '' && !spec.required ? undefined : e.target.value, `Edit ${spec.label.toLowerCase()}`)}
        aria-invalid={messages.length ? true : undefined}
      />
      {spec.description && <p className="help">{spec.description}</p>}
      <div className="item-actions">
        <button type="button" className="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close the media library' : 'Choose from the media library'}
        </button>
        <label className="small upload-button">
          Upload an image
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-label={`Upload an image for ${spec.label}`}
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
        </label>
      </div>
      {spec.focal && current && (
        <FocalPoint
          src={current}
          site={ctx.site}
          label={spec.label}
          value={siblings?.[spec.focal]}
          onChange={(point) => ctx.set([...path.slice(0, -1), spec.focal!], point, `Move the focal point of ${spec.label.toLowerCase()}`)}
        />
      )}
      {status && (
        <p className="muted" role="status">
          {status}
        </p>
      )}
      {(error || messages.length > 0) && (
        <div className="field-error" role="alert">
          {[error, ...messages].filter(Boolean).map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {open && (
        <div className="media-library" role="region" aria-label="Media library">
          {!items && <p className="muted">Loading…</p>}
          {items?.length === 0 && <p className="empty">No images yet: upload one.</p>}
          <ul>
            {items?.map((m) => (
              <li key={m.id} className={m.url === current ? 'chosen' : undefined}>
                <button
                  type="button"
                  className="media-pick"
                  aria-label={`Use ${m.name}`}
                  onClick={() => ctx.set(path, m.url, `Choose ${spec.label.toLowerCase()}`)}
                >
                  <img src={thumbOf(ctx.site, m)} alt="" width={96} height={Math.round((96 * m.height) / m.width)} loading="lazy" />
                  <span>{m.name}</span>
                </button>
                {!m.referenced && m.url !== current && (
                  <button type="button" className="small danger" aria-label={`Delete ${m.name}`} onClick={() => void remove(m)}>
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

registerWidget('image', ImagePicker);
