// PNGs that look like charts (bars, labels), for tests that need real image bytes. `noisy` adds
// per-pixel noise (of the given amplitude) so the PNG compresses badly and forces the
// downscaling path.
import { createCanvas } from 'canvas';

export function drawChartPng(widthPx: number, heightPx: number, options: { noisy?: boolean; amplitude?: number } = {}): Buffer {
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, widthPx, heightPx);
  const bars = 12;
  const slot = widthPx / (bars + 1);
  for (let bar = 0; bar < bars; bar += 1) {
    const barHeight = ((bar + 3) / (bars + 3)) * heightPx * 0.75;
    context.fillStyle = '#4c78a8';
    context.fillRect(slot * (bar + 0.5), heightPx * 0.85 - barHeight, slot * 0.7, barHeight);
    context.fillStyle = '#333333';
    context.font = `${Math.round(heightPx / 30)}px sans-serif`;
    context.fillText(`M${bar + 1}`, slot * (bar + 0.5), heightPx * 0.92);
  }
  if (options.noisy) {
    const pixels = context.getImageData(0, 0, widthPx, heightPx);
    let seed = 42;
    for (let index = 0; index < pixels.data.length; index += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const noise = seed % (options.amplitude ?? 48);
      pixels.data[index] = Math.min(255, (pixels.data[index] ?? 0) + noise);
      pixels.data[index + 1] = Math.min(255, (pixels.data[index + 1] ?? 0) + noise);
    }
    context.putImageData(pixels, 0, 0);
  }
  return canvas.toBuffer('image/png');
}
