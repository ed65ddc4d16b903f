// npm run charts:gallery [folder]: every chart type and the edge cases as PNG files, so a person
// can judge them at a glance. Default folder: ./charts-gallery.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildVegaLiteSpec, renderChartPng, validateChartConfig } from '../src/charts/index.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from './charts-fixtures.js';

async function main(): Promise<void> {
  const folder = resolve(process.argv[2] ?? './charts-gallery');
  await mkdir(folder, { recursive: true });
  for (const fixture of allChartFixtures) {
    const source = await queryDuckDb(fixture.sql);
    const config = fixtureConfig(fixture);
    const validation = validateChartConfig(config, source);
    if (!validation.success) throw new Error(`${fixture.name}: ${validation.error}`);
    const started = performance.now();
    const { spec, notes } = buildVegaLiteSpec(config, source);
    const rendered = await renderChartPng(spec);
    const elapsedMs = performance.now() - started;
    const file = join(folder, `${fixture.name}.png`);
    await writeFile(file, rendered.png);
    const note = notes.length > 0 ? `  (${notes.join(' ')})` : '';
    console.log(`${file}  ${rendered.widthPx}×${rendered.heightPx}  ${(rendered.png.length / 1024).toFixed(0)} kB  ${elapsedMs.toFixed(0)} ms${note}`);
  }
}

await main();
