import { crc32, deflateSync } from 'node:zlib';

/**
 * A valid PNG of `width` × `height` black pixels, one bit each, written chunk by chunk: an image past sharp's pixel
 * limit that is small on disk. sharp's own encoder takes over 3 s of CPU for 20,000 × 20,000 (10 s under npm test's
 * load, past a hook's limit); this takes about 0.1 s.
 */
export function blackPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  // Width, height, bit depth 1, colour type 0 (greyscale), then compression, filter and interlace 0.
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  // Each row: filter byte 0, then the row's bits (all 0: black).
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
