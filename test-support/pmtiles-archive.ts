// A tiny PMTiles (version 3) archive written in memory, for tests of the self-hosted map source: zooms 0 and 1, every
// tile the same vector tile whose "earth" layer (the layer Protomaps styles paint as land) covers the whole tile (a
// deepest zoom of 0 reads as "no limit" to protomaps-leaflet, so the archive goes one zoom deeper). Real archives come from
// the Protomaps build tools; the pmtiles package only reads, so the format is written here by hand, uncompressed.

const EXTENT = 4096;
/** Tiles of zooms 0 and 1. */
const ADDRESSED = 5;

/** Protocol-buffer writer for the few field kinds a vector tile needs. */
class Proto {
  bytes: number[] = [];
  varint(n: number): this {
    let v = n;
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
    return this;
  }
  key(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }
  uint(field: number, n: number): this {
    return this.key(field, 0).varint(n);
  }
  message(field: number, body: number[]): this {
    this.key(field, 2).varint(body.length);
    this.bytes.push(...body);
    return this;
  }
  string(field: number, text: string): this {
    return this.message(field, [...Buffer.from(text, 'utf8')]);
  }
  packed(field: number, values: number[]): this {
    const inner = new Proto();
    for (const v of values) inner.varint(v);
    return this.message(field, inner.bytes);
  }
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/** A Mapbox Vector Tile with one layer holding one polygon: the tile's whole square. */
export function squareVectorTile(layer: string): Buffer {
  const [first, ...rest]: [[number, number], ...[number, number][]] = [
    [0, 0],
    [EXTENT, 0],
    [EXTENT, EXTENT],
    [0, EXTENT],
  ];
  const geometry: number[] = [(1 << 3) | 1, zigzag(first[0]), zigzag(first[1]), (3 << 3) | 2];
  let [x0, y0] = first;
  for (const [x, y] of rest) {
    geometry.push(zigzag(x - x0), zigzag(y - y0));
    [x0, y0] = [x, y];
  }
  geometry.push((1 << 3) | 7);
  const feature = new Proto().uint(1, 1).uint(3, 3).packed(4, geometry); // id 1, POLYGON
  const body = new Proto().uint(15, 2).string(1, layer).message(2, feature.bytes).uint(5, EXTENT);
  return Buffer.from(new Proto().message(3, body.bytes).bytes);
}

/** The archive: header, root directory with the one run of tiles, empty metadata, the tile. */
export function worldEarthArchive(): Buffer {
  const tile = squareVectorTile('earth');
  // Directory: 1 entry; tile id 0 (zoom 0) and a run of 5 (the 4 tiles of zoom 1 are the same bytes); its length; its offset + 1.
  const directory = Buffer.from(new Proto().varint(1).varint(0).varint(ADDRESSED).varint(tile.length).varint(1).bytes);
  const metadata = Buffer.from('{}');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const tileOffset = metadataOffset + metadata.length;
  const u64 = (at: number, n: number) => header.writeBigUInt64LE(BigInt(n), at);
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset); // no leaf directories
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(72, ADDRESSED); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: vector (MVT)
  header.writeUInt8(0, 100); // min zoom
  header.writeUInt8(1, 101); // max zoom
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  return Buffer.concat([header, directory, metadata, tile]);
}

/** What a static file server answers to a Range request on the archive (206 with the bytes asked for). */
export function rangeResponse(archive: Buffer, range: string | undefined): { status: number; headers: Record<string, string>; body: Buffer } {
  const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
  if (!match) return { status: 200, headers: { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' }, body: archive };
  const start = Number(match[1]);
  const end = Math.min(match[2] ? Number(match[2]) : archive.length - 1, archive.length - 1);
  return {
    status: 206,
    headers: {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'content-range': `bytes ${start}-${end}/${archive.length}`,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-range, etag',
    },
    body: archive.subarray(start, end + 1),
  };
}
