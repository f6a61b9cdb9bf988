import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { rangeResponse, squareVectorTile, worldEarthArchive } from './pmtiles-archive';

// The archive read back by the pmtiles package over Range requests, as the browser map reads it.
class RangeSource implements Source {
  constructor(private archive: Buffer) {}
  getKey() {
    return 'fixture';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const answer = rangeResponse(this.archive, `bytes=${offset}-${offset + length - 1}`);
    expect(answer.status).toBe(206);
    const body = answer.body;
    return { data: body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer };
  }
}

describe('PMTiles test archive', () => {
  it('is read by the pmtiles package: a vector archive of zooms 0 and 1 whose tiles are the earth layer', async () => {
    const archive = new PMTiles(new RangeSource(worldEarthArchive()));
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, tileType: TileType.Mvt, minZoom: 0, maxZoom: 1, numAddressedTiles: 5 });
    const tile = await archive.getZxy(0, 0, 0);
    expect(Buffer.from(tile!.data)).toEqual(squareVectorTile('earth'));
    expect(Buffer.from((await archive.getZxy(1, 1, 1))!.data)).toEqual(squareVectorTile('earth'));
    expect(await archive.getZxy(2, 0, 0)).toBeUndefined();
  });

  it('answers a Range request with 206 and just the bytes asked for', () => {
    const archive = worldEarthArchive();
    const answer = rangeResponse(archive, 'bytes=0-6');
    expect(answer.status).toBe(206);
    expect(answer.body.toString('ascii')).toBe('PMTiles');
    expect(answer.headers['content-range']).toBe(`bytes 0-6/${archive.length}`);
  });
});
