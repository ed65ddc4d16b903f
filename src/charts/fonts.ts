// The bundled font (Inter, SIL OFL 1.1, assets/fonts/), registered with canvas once per process
// before the first text is measured or drawn, so charts look the same on a slim Docker image.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from 'canvas';
import { CHART_FONT_FAMILY } from './chart-theme.js';
import { DatathreadError } from '../support/errors.js';

export const FONT_FILES = [
  { file: 'Inter-Regular.otf' },
  { file: 'Inter-SemiBold.otf' },
] as const;

export class ChartFontMissingError extends DatathreadError {
  override readonly name = 'ChartFontMissingError';
  readonly code = 'chart_font_missing';
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
  // Skia reads each file's weight from the font itself; both files share the family name.
  for (const { file } of FONT_FILES) {
    if (!GlobalFonts.registerFromPath(join(directory, file), CHART_FONT_FAMILY)) throw new ChartFontMissingError(directory);
  }
  registered = true;
}
