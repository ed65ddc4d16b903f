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
import { renderChartPng } from '../../src/charts/render-chart-png.js';
import { prepareChartImage } from '../../src/channels/teams/render/chart-image.js';
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

async function fixtureSpec(name: string, placement: ChartPlacement) {
  const fixture = allChartFixtures.find((entry) => entry.name === name)!;
  const source = await queryDuckDb(fixture.sql);
  const config = fixtureConfig(fixture);
  const validation = validateChartConfig(config, source);
  if (!validation.success) throw new Error(validation.error);
  return { config, spec: buildVegaLiteSpec(config, source, placement).spec };
}

async function drawnTexts(name: string, placement: ChartPlacement): Promise<DrawnText[]> {
  const { spec } = await fixtureSpec(name, placement);
  const view = new vega.View(vega.parse(compileToVega(spec)), { renderer: 'none' });
  try {
    await view.runAsync();
    return visibleTexts((view.scenegraph() as unknown as { root: SceneNode }).root);
  } finally {
    view.finalize();
  }
}

/** The smallest text of a chart, as the reader sees it when the image is shown `shownWidthPx` wide. */
function smallestShownPx(texts: DrawnText[], layoutWidthPx: number, shownWidthPx: number): number {
  return Math.round((Math.min(...texts.map((text) => text.fontSizePx)) * shownWidthPx * 10) / layoutWidthPx) / 10;
}

/** How wide Microsoft's Adaptive Cards renderer shows an image in a card 414 px wide (a Teams chat on a phone): inside its 16 px padding. */
const TEAMS_CARD_SHOWN_WIDTH_PX = 382;
/** Charts too dense for any inline image within the message budget; they are described instead. */
const TOO_DENSE_FOR_A_CARD = new Set(['edge-10k-line']);

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
    // A chart laid out for a Teams card (382 px) but shown in a story grid cell (240 px).
    const texts = await drawnTexts('bar', 'card_image');
    const grid = chartLayout('grid_cell');
    const shrunk = texts.map((text) => (text.fontSizePx * grid.displayWidthPx) / chartLayout('card_image').widthPx);
    expect(Math.min(...shrunk)).toBeLessThan(MIN_TEXT_DISPLAY_PX);
  });
});

describe('chart text as a Teams card shows it', () => {
  registerChartFonts();
  const teamsCases = allChartFixtures.map((fixture) => fixture.name);

  // The card holds the image at its own pixel width, scaled down to the card's width when wider
  // (never up); its 2× PNG may be drawn again at 1×, never shrunk as a bitmap.
  it.each(teamsCases)('%s: no text under 11 px in a card 414 px wide', async (name) => {
    const { config, spec } = await fixtureSpec(name, 'card_image');
    const layout = chartLayout('card_image');
    const rendered = await renderChartPng(spec);
    const prepared = await prepareChartImage({ chartId: 'chart_1', title: config.title, chartType: config.chart_type, png: rendered.png, spec: spec as never }, undefined, renderChartPng);
    if (TOO_DENSE_FOR_A_CARD.has(name)) {
      expect(prepared.url).toBeUndefined();
      return;
    }
    expect(prepared.url).toBeDefined();
    const pixelRatio = rendered.widthPx / layout.widthPx;
    const shownWidthPx = Math.min(prepared.widthPx, TEAMS_CARD_SHOWN_WIDTH_PX);
    // The image's pixels per layout pixel: 2 as drawn, 2 or 1 when drawn again, less if shrunk.
    expect(prepared.widthPx / layout.widthPx).toBeGreaterThanOrEqual(Math.min(1, pixelRatio));
    expect(smallestShownPx(await drawnTexts(name, 'card_image'), layout.widthPx, shownWidthPx)).toBeGreaterThanOrEqual(MIN_TEXT_DISPLAY_PX);
  });
});
