import { createCanvas, loadImage } from 'canvas';
import { describe, expect, it } from 'vitest';
import { encodeIndexedPng, encodePng } from '../../src/charts/encode-png.js';

async function decode(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data };
}

describe('encodePng', () => {
  it('writes an RGB PNG that decodes to the same pixels, with transparency composited over white', async () => {
    const canvas = createCanvas(40, 20);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 20, 20);
    context.fillStyle = '#0072b2';
    context.fillRect(2, 2, 10, 10);
    context.fillStyle = 'rgba(213, 94, 0, 0.5)';
    context.fillRect(20, 0, 20, 20); // half-transparent orange on a transparent right half

    const png = encodePng({ width: canvas.width, height: canvas.height, pixels: canvas.data() });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt8(25)).toBe(2); // colour type RGB
    const decoded = await decode(png);
    expect([decoded.width, decoded.height]).toEqual([40, 20]);
    const pixel = (x: number, y: number) => Array.from(decoded.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4));
    expect(pixel(0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(5, 5)).toEqual([0, 114, 178, 255]);
    // 50 % orange over white: 255 - (255 - c) / 2, within one step of rounding.
    const [red, green, blue] = pixel(30, 10);
    expect(Math.abs(red! - 234)).toBeLessThanOrEqual(1);
    expect(Math.abs(green! - 175)).toBeLessThanOrEqual(1);
    expect(Math.abs(blue! - 128)).toBeLessThanOrEqual(1);
  });

  it('writes a palette PNG of at most 256 colours: flat colours exact, a rare colour its nearest kept one', async () => {
    const canvas = createCanvas(300, 10);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 300, 10);
    context.fillStyle = '#0072b2';
    context.fillRect(0, 0, 100, 10);
    // 299 one-pixel shades of grey: more colours than a palette holds; the rarest give way.
    for (let x = 1; x < 300; x += 1) {
      context.fillStyle = `rgb(${x % 256}, ${x % 256}, ${x % 256})`;
      context.fillRect(x, 9, 1, 1);
    }
    const image = { width: canvas.width, height: canvas.height, pixels: canvas.data() };
    const png = encodeIndexedPng(image);
    expect(png.readUInt8(25)).toBe(3); // colour type indexed
    const decoded = await decode(png);
    const pixel = (x: number, y: number) => Array.from(decoded.data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 4));
    expect(pixel(50, 5)).toEqual([0, 114, 178, 255]);
    expect(pixel(200, 5)).toEqual([255, 255, 255, 255]);
    const greys = Array.from({ length: 299 }, (_, index) => pixel(index + 1, 9));
    expect(new Set(greys.map((value) => value.join())).size).toBeLessThanOrEqual(256);
    const worst = Math.max(...greys.map((value, index) => Math.abs(value[0]! - ((index + 1) % 256))));
    expect(worst).toBeLessThanOrEqual(8);
  });
});
