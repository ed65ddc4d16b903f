// A story shows all its charts in one card when it can. Each chart's PNG gets an equal share of
// what the card budget leaves after the text and tables — never more than an answer chart's
// budget, never less than a floor that keeps a chart readable. What still does not fit is split
// onto further cards by story-card.ts.
import type { StoryAssets } from '../../../stories/index.js';
import { prepareChartImage, type PreparedChart } from '../render/chart-image.js';
import { CARD_BUDGET_CHARACTERS, CHART_IMAGE_BUDGET_BYTES } from '../render/message-budget.js';

/** About a 500-pixel-wide bar chart; below this a story's charts go onto more cards instead. */
export const STORY_CHART_MIN_BUDGET_BYTES = 9_000;
/** JSON around each image (element, title, alt text, column). */
const PER_CHART_OVERHEAD_CHARACTERS = 400;
const BASE64_CHARACTERS_PER_BYTE = 4 / 3;

export function storyChartBudgetBytes(chartCount: number, otherCharacters: number, cardBudget = CARD_BUDGET_CHARACTERS): number {
  if (chartCount === 0) return CHART_IMAGE_BUDGET_BYTES;
  const available = cardBudget - otherCharacters - chartCount * PER_CHART_OVERHEAD_CHARACTERS;
  const share = Math.floor(available / chartCount / BASE64_CHARACTERS_PER_BYTE);
  return Math.min(CHART_IMAGE_BUDGET_BYTES, Math.max(STORY_CHART_MIN_BUDGET_BYTES, share));
}

export function storyChartTitle(node: StoryAssets['charts'][number]['node']): string {
  return node.title || `Chart of ${node.queryId}`;
}

/** Prepared images by chart node key; a chart drawn twice (same tag) is prepared once. */
export async function prepareStoryCharts(assets: StoryAssets, budgetBytes: number): Promise<Map<string, PreparedChart>> {
  const byPng = new Map<Buffer, Promise<PreparedChart>>();
  const prepared = new Map<string, PreparedChart>();
  for (const asset of assets.charts) {
    let image = byPng.get(asset.png);
    if (!image) {
      image = prepareChartImage({ chartId: asset.node.key, title: storyChartTitle(asset.node), png: asset.png, spec: asset.spec }, budgetBytes);
      byPng.set(asset.png, image);
    }
    prepared.set(asset.node.key, { ...(await image), chartId: asset.node.key, title: storyChartTitle(asset.node) });
  }
  return prepared;
}
