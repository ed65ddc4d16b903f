// Decodes a PNG and measures what a person would notice: its size, how much of it is drawn on
// (not white background), and how many distinct hues it uses.
import { createCanvas, loadImage } from 'canvas';

export interface PngInspection {
  width: number;
  height: number;
  /** Share of pixels that are not (near) white. */
  inkShare: number;
  /** Hue buckets (of 12) that hold at least 0.3 % of the pixels, counting saturated pixels only. */
  hueCount: number;
  /** Share of clearly coloured (saturated) pixels. */
  colouredShare: number;
}

export async function inspectPng(png: Buffer): Promise<PngInspection> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const pixels = image.width * image.height;
  const hueBuckets = new Array<number>(12).fill(0);
  let ink = 0;
  let coloured = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    const red = data[offset]!;
    const green = data[offset + 1]!;
    const blue = data[offset + 2]!;
    if (red < 245 || green < 245 || blue < 245) ink++;
    const max = Math.max(red, green, blue);
    const min = Math.min(red, green, blue);
    if (max - min < 60) continue;
    coloured++;
    let hue: number;
    if (max === red) hue = ((green - blue) / (max - min) + 6) % 6;
    else if (max === green) hue = (blue - red) / (max - min) + 2;
    else hue = (red - green) / (max - min) + 4;
    hueBuckets[Math.floor(hue * 2) % 12]!++;
  }
  return {
    width: image.width,
    height: image.height,
    inkShare: ink / pixels,
    colouredShare: coloured / pixels,
    hueCount: hueBuckets.filter((count) => count / pixels >= 0.003).length,
  };
}
