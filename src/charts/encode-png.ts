// A PNG encoder for rendered charts. Charts are drawn on an opaque white background, so the image is
// written as 8-bit RGB (a quarter smaller than RGBA): each pixel is composited over white, which also
// makes stray transparency harmless, and zlib deflates the scanlines. Where bytes count more than
// exact edge colours (an image inlined in a Teams card), encodeIndexedPng writes one byte a pixel.
import { crc32 as zlibCrc32, deflateSync } from 'node:zlib';
import { toIndexedColours } from './indexed-colours.js';
import type { RawImage } from './raw-image.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BYTES_PER_PIXEL_IN = 4;
const BYTES_PER_PIXEL_OUT = 3;
const COLOR_TYPE_RGB = 2;
const COLOR_TYPE_INDEXED = 3;
const BIT_DEPTH = 8;
/** zlib level 6: a third smaller than level 1 for about 10 ms more on a chart. */
export const PNG_DEFLATE_LEVEL = 6;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[index] = value >>> 0;
  }
  return table;
})();

/** zlib.crc32 exists from Node 20.15; the table version keeps older 20.x working. */
function crc32(data: Buffer): number {
  if (typeof zlibCrc32 === 'function') return zlibCrc32(data);
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

// One scanline buffer is reused for every chart (deflateSync consumes it before the next render):
// a fresh 10 MB buffer per chart only adds garbage-collection work.
let reusableScanlines = Buffer.alloc(0);

function scanlineBuffer(size: number): Buffer {
  if (reusableScanlines.length < size) reusableScanlines = Buffer.allocUnsafe(size);
  return reusableScanlines.subarray(0, size);
}

/** Scanlines with filter byte 0 (None), RGB composited over white. */
function scanlines(image: RawImage): Buffer {
  const { width, height, pixels } = image;
  const [red, green, blue, alpha] = [0, 1, 2, 3];
  const stride = width * BYTES_PER_PIXEL_OUT + 1;
  const output = scanlineBuffer(stride * height);
  for (let y = 0; y < height; y += 1) {
    let out = y * stride;
    output[out++] = 0;
    let input = y * width * BYTES_PER_PIXEL_IN;
    for (let x = 0; x < width; x += 1, input += BYTES_PER_PIXEL_IN) {
      // Premultiplied colour over white: c + (255 - a).
      const uncovered = 255 - pixels[input + alpha]!;
      output[out++] = pixels[input + red]! + uncovered;
      output[out++] = pixels[input + green]! + uncovered;
      output[out++] = pixels[input + blue]! + uncovered;
    }
  }
  return output;
}

function imageHeader(image: Pick<RawImage, 'width' | 'height'>, colourType: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = BIT_DEPTH;
  header[9] = colourType;
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering (per-line filter bytes)
  header[12] = 0; // no interlace
  return header;
}

export function encodePng(image: RawImage): Buffer {
  const compressed = deflateSync(scanlines(image), { level: PNG_DEFLATE_LEVEL });
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', imageHeader(image, COLOR_TYPE_RGB)), chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
}

/** A palette PNG of at most 256 colours (indexed-colours.ts): about half the bytes of encodePng. */
export function encodeIndexedPng(image: RawImage): Buffer {
  const indexed = toIndexedColours(image);
  const stride = image.width + 1;
  const lines = scanlineBuffer(stride * image.height);
  for (let y = 0; y < image.height; y += 1) {
    lines[y * stride] = 0;
    lines.set(indexed.indices.subarray(y * image.width, (y + 1) * image.width), y * stride + 1);
  }
  const compressed = deflateSync(lines, { level: PNG_DEFLATE_LEVEL });
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', imageHeader(image, COLOR_TYPE_INDEXED)),
    chunk('PLTE', indexed.palette),
    chunk('IDAT', compressed),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
