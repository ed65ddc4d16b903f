// A chart's pixels as at most 256 colours, for a PNG a third the size of RGB (one byte a pixel).
// Charts are a few flat colours plus their anti-aliased edges: the 256 most frequent colours keep
// every flat area and nearly every edge exactly; a rarer edge colour takes its nearest kept colour
// (weighted by how strongly the eye tells red, green and blue apart), a shift seen only at the rim
// of a glyph or a line.
import type { RawImage } from './raw-image.js';

const MAX_INDEXED_COLOURS = 256;
const [RED_WEIGHT, GREEN_WEIGHT, BLUE_WEIGHT] = [2, 4, 3];

interface IndexedImage {
  width: number;
  height: number;
  /** Red, green, blue for each palette entry. */
  palette: Buffer;
  /** One palette index a pixel, row by row. */
  indices: Uint8Array;
}

/** Premultiplied RGBA composited over white, as a 0xRRGGBB number a pixel. */
function opaqueColours(image: RawImage): Uint32Array {
  const colours = new Uint32Array(image.width * image.height);
  const pixels = image.pixels;
  for (let pixel = 0, offset = 0; pixel < colours.length; pixel += 1, offset += 4) {
    const uncovered = 255 - pixels[offset + 3]!;
    colours[pixel] = ((pixels[offset]! + uncovered) << 16) | ((pixels[offset + 1]! + uncovered) << 8) | (pixels[offset + 2]! + uncovered);
  }
  return colours;
}

function nearest(colour: number, palette: number[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 0; index < palette.length; index += 1) {
    const kept = palette[index]!;
    const red = ((kept >> 16) & 255) - ((colour >> 16) & 255);
    const green = ((kept >> 8) & 255) - ((colour >> 8) & 255);
    const blue = (kept & 255) - (colour & 255);
    const distance = RED_WEIGHT * red * red + GREEN_WEIGHT * green * green + BLUE_WEIGHT * blue * blue;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  return best;
}

export function toIndexedColours(image: RawImage): IndexedImage {
  const colours = opaqueColours(image);
  const counts = new Map<number, number>();
  for (const colour of colours) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  const palette = [...counts.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, MAX_INDEXED_COLOURS)
    .map(([colour]) => colour);
  const indexOf = new Map<number, number>(palette.map((colour, index) => [colour, index]));
  const indices = new Uint8Array(colours.length);
  for (let pixel = 0; pixel < colours.length; pixel += 1) {
    const colour = colours[pixel]!;
    let index = indexOf.get(colour);
    if (index === undefined) {
      index = nearest(colour, palette);
      indexOf.set(colour, index);
    }
    indices[pixel] = index;
  }
  const paletteBytes = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, index) => {
    paletteBytes[index * 3] = (colour >> 16) & 255;
    paletteBytes[index * 3 + 1] = (colour >> 8) & 255;
    paletteBytes[index * 3 + 2] = colour & 255;
  });
  return { width: image.width, height: image.height, palette: paletteBytes, indices };
}
