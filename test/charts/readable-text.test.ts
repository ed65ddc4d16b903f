// Every chart type, drawn for every placement, laid out by Vega: each piece of text it draws (axis
// labels and titles, legend entries, data labels, the chart title) is measured at the size the
// reader sees it, font size × display width / canvas width, at the narrowest display width of the
// placement. Nothing may come out under 11 px, and titles not under 14 px.
import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import {
  buildVegaLiteSpec,
  chartLayout,
  chartPlacements,
  compileToVega,
  displayedSizePx,
  MIN_TEXT_DISPLAY_PX,
  MIN_TITLE_DISPLAY_PX,
  validateChartConfig,
  type ChartPlacement,
} from '../../src/charts/index.js';
import { registerChartFonts } from '../../src/charts/fonts.js';
import { allChartFixtures, fixtureConfig, queryDuckDb } from '../../bench/charts-fixtures.js';

/** Vega's default when a text mark sets no font size. */
const VEGA_DEFAULT_FONT_SIZE_PX = 11;

interface SceneNode {
  marktype?: string;
  role?: string;
  items?: SceneNode[];
  text?: string | string[];
  fontSize?: number;
  opacity?: number;
  fillOpacity?: number;
}

interface DrawnText {
  text: string;
  fontSizePx: number;
  title: boolean;
}

function visibleTexts(node: SceneNode, out: DrawnText[] = [], inTitle = false): DrawnText[] {
  const title = inTitle || node.role === 'title-text';
  if (node.marktype === 'text') {
    for (const item of node.items ?? []) {
      const text = Array.isArray(item.text) ? item.text.join(' ') : String(item.text ?? '');
      if (text.trim() === '' || item.opacity === 0 || item.fillOpacity === 0) continue;
      out.push({ text, fontSizePx: item.fontSize ?? VEGA_DEFAULT_FONT_SIZE_PX, title });
    }
    return out;
  }
  for (const child of node.items ?? []) visibleTexts(child, out, title);
  return out;
}

async function drawnTexts(name: string, placement: ChartPlacement): Promise<DrawnText[]> {
  const fixture = allChartFixtures.find((entry) => entry.name === name)!;
  const source = await queryDuckDb(fixture.sql);
  const config = fixtureConfig(fixture);
  const validation = validateChartConfig(config, source);
  if (!validation.success) throw new Error(validation.error);
  const { spec } = buildVegaLiteSpec(config, source, placement);
  const view = new vega.View(vega.parse(compileToVega(spec)), { renderer: 'none' });
  try {
    await view.runAsync();
    return visibleTexts((view.scenegraph() as unknown as { root: SceneNode }).root);
  } finally {
    view.finalize();
  }
}

const cases = chartPlacements.flatMap((placement) => allChartFixtures.map((fixture) => [placement, fixture.name] as const));

describe('chart text at its display width', () => {
  registerChartFonts();

  it.each(cases)('%s: %s has no text under 11 px and no title under 14 px', async (placement, name) => {
    const layout = chartLayout(placement);
    const texts = await drawnTexts(name, placement);
    expect(texts.some((text) => text.title)).toBe(true);
    const tooSmall = texts
      .map((text) => ({ ...text, shownPx: Math.round(displayedSizePx(layout, text.fontSizePx) * 10) / 10 }))
      .filter((text) => text.shownPx < (text.title ? MIN_TITLE_DISPLAY_PX : MIN_TEXT_DISPLAY_PX))
      .map((text) => `"${text.text}" at ${text.shownPx} px`);
    expect(tooSmall).toEqual([]);
  });

  it('would catch a chart drawn for a wider canvas than its placement shows', async () => {
    // A chart laid out for a Teams card (500 px) but shown in a story grid cell (240 px).
    const texts = await drawnTexts('bar', 'card_image');
    const grid = chartLayout('grid_cell');
    const shrunk = texts.map((text) => (text.fontSizePx * grid.displayWidthPx) / chartLayout('card_image').widthPx);
    expect(Math.min(...shrunk)).toBeLessThan(MIN_TEXT_DISPLAY_PX);
  });
});
