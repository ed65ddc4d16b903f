// npm run charts:gallery [folder]: every chart type and the edge cases as PNG files, for each
// placement, so a person can judge them at a glance. Beside each PNG, `*.seen.png` is the same
// image scaled down to the placement's narrowest display width: what a reader actually sees. For a
// Teams card, `*.inline.png` is the image a card carries when the chart is not linked (drawn again
// in 256 colours or at 1× when the 2× PNG is over the card's image budget), or is missing when the
// chart is too detailed to travel inline. Default folder: ./charts-gallery.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createCanvas, loadImage } from 'canvas';
import { buildVegaLiteSpec, chartLayout, chartPlacements, renderChartPng, validateChartConfig } from '../src/charts/index.js';
import { prepareChartImage } from '../src/channels/teams/render/chart-image.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from './charts-fixtures.js';

async function scaledToWidth(png: Buffer, widthPx: number): Promise<Buffer> {
  const image = await loadImage(png);
  const heightPx = Math.round((image.height * widthPx) / image.width);
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, widthPx, heightPx);
  return canvas.toBuffer('image/png');
}

async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? './charts-gallery');
  for (const placement of chartPlacements) {
    const folder = join(root, placement);
    await mkdir(folder, { recursive: true });
    const { displayWidthPx } = chartLayout(placement);
    for (const fixture of allChartFixtures) {
      const source = await queryDuckDb(fixture.sql);
      const config = fixtureConfig(fixture);
      const validation = validateChartConfig(config, source);
      if (!validation.success) throw new Error(`${fixture.name}: ${validation.error}`);
      const started = performance.now();
      const { spec, notes } = buildVegaLiteSpec(config, source, placement);
      const rendered = await renderChartPng(spec);
      const elapsedMs = performance.now() - started;
      const file = join(folder, `${fixture.name}.png`);
      await writeFile(file, rendered.png);
      await writeFile(join(folder, `${fixture.name}.seen.png`), await scaledToWidth(rendered.png, displayWidthPx));
      let inline = '';
      if (placement === 'card_image') {
        const prepared = await prepareChartImage({ chartId: fixture.name, title: config.title, chartType: config.chart_type, png: rendered.png, spec: spec as never }, undefined, renderChartPng);
        if (prepared.url) await writeFile(join(folder, `${fixture.name}.inline.png`), Buffer.from(prepared.url.slice(prepared.url.indexOf(',') + 1), 'base64'));
        inline = prepared.url ? `  inline ${prepared.widthPx}×${prepared.heightPx} ${(prepared.byteLength / 1024).toFixed(0)} kB` : '  inline: too detailed';
      }
      const note = notes.length > 0 ? `  (${notes.join(' ')})` : '';
      console.log(`${file}  ${rendered.widthPx}×${rendered.heightPx}  ${(rendered.png.length / 1024).toFixed(0)} kB  ${elapsedMs.toFixed(0)} ms${inline}${note}`);
    }
  }
}

await main();
