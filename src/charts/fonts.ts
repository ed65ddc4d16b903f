// The bundled font (Inter, SIL OFL 1.1, assets/fonts/), registered with canvas once per process
// before the first text is measured or drawn, so charts look the same on a slim Docker image.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerFont } from 'canvas';
import { CHART_FONT_FAMILY } from './chart-theme.js';

export const FONT_FILES = [
  { file: 'Inter-Regular.otf', weight: 'normal' },
  { file: 'Inter-SemiBold.otf', weight: '600' },
] as const;

export class ChartFontMissingError extends Error {
  override readonly name = 'ChartFontMissingError';
  constructor(searchedFrom: string) {
    super(`The chart font assets/fonts/${FONT_FILES[0].file} was not found above ${searchedFrom}. Copy the assets/ folder next to dist/ (the Dockerfile must COPY assets).`);
  }
}

let registered = false;

/** Finds assets/fonts by walking up from this file (works from src/ under vitest and from dist/). */
export function findFontDirectory(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start;
  for (;;) {
    const candidate = join(directory, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES[0].file))) return candidate;
    const parent = dirname(directory);
    if (parent === directory) throw new ChartFontMissingError(start);
    directory = parent;
  }
}

export function registerChartFonts(): void {
  if (registered) return;
  const directory = findFontDirectory();
  for (const { file, weight } of FONT_FILES) {
    registerFont(join(directory, file), { family: CHART_FONT_FAMILY, weight });
  }
  registered = true;
}
