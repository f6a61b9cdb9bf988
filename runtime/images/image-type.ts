// What an image file is, read from its first bytes (never from its name or a Content-Type someone else sent).
/** The image type from the file's first bytes; undefined for anything else (SVG included: it can carry scripts). */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) return 'gif';
  if (bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp' && /^avi[fs]$/.test(bytes.toString('ascii', 8, 12))) return 'avif';
  return undefined;
}
