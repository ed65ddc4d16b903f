// Draws the two Teams app icons with node-canvas (a project dependency), so they can be
// regenerated instead of edited by hand: `node manifests/teams/draw-icons.mjs`.
// color.png: 192 × 192, full colour. outline.png: 32 × 32, white on a transparent background
// (Teams requires exactly that for the outline icon).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from 'canvas';

const here = dirname(fileURLToPath(import.meta.url));
const ACCENT = '#2B5CE6';

/** A speech bubble holding three rising bars: a conversation about data. */
function drawMark(context, size, colour) {
  const unit = size / 32;
  context.fillStyle = colour;
  context.strokeStyle = colour;
  context.lineWidth = 2.2 * unit;
  context.lineJoin = 'round';
  context.beginPath();
  context.roundRect(4 * unit, 5 * unit, 24 * unit, 18 * unit, 4 * unit);
  context.moveTo(10 * unit, 23 * unit);
  context.lineTo(8 * unit, 28 * unit);
  context.lineTo(15 * unit, 23 * unit);
  context.stroke();
  const bars = [
    [9, 15, 4],
    [14.5, 12, 7],
    [20, 9, 10],
  ];
  for (const [x, top, height] of bars) context.fillRect(x * unit, top * unit, 3 * unit, height * unit);
}

const color = createCanvas(192, 192);
const colorContext = color.getContext('2d');
colorContext.fillStyle = ACCENT;
colorContext.fillRect(0, 0, 192, 192);
colorContext.translate(24, 24);
drawMark(colorContext, 144, '#FFFFFF');
writeFileSync(join(here, 'color.png'), color.toBuffer('image/png'));

const outline = createCanvas(32, 32);
drawMark(outline.getContext('2d'), 32, '#FFFFFF');
writeFileSync(join(here, 'outline.png'), outline.toBuffer('image/png'));
console.log('wrote color.png (192x192) and outline.png (32x32)');
