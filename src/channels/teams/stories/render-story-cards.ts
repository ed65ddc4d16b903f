// A stored story version -> the cards that show it. Charts and tables come from the thread's
// query results in the store (renderStoryAssets), so this works for any version, after a restart too.
import type { StorySource, StoryVersionToPost } from '../../story-source.js';
import { renderStoryAssets, storyCharts } from '../../../stories/index.js';
import type { AdaptiveCard } from '../render/adaptive-card-types.js';
import { createCard } from '../render/adaptive-card-types.js';
import { cardSizeInCharacters } from '../render/message-budget.js';
import { buildStoryCards, storyHeaderElements, type StoryCardHeader } from './story-card.js';
import { storyBodyElements } from './story-card-elements.js';
import { withoutTitleHeading } from '../../../stories/story-title-heading.js';
import { prepareStoryCharts, storyChartBudgetBytes } from './story-chart-images.js';

export async function renderStoryCards(
  threadId: string,
  version: StoryVersionToPost,
  store: StorySource,
  options: { latestVersion?: number } = {},
): Promise<AdaptiveCard[]> {
  const assets = await renderStoryAssets(threadId, version, store, { placement: 'card_image' });
  const header: StoryCardHeader = {
    slug: version.slug,
    title: version.title,
    version: version.version,
    summary: version.summary,
    ...(options.latestVersion !== undefined ? { latestVersion: options.latestVersion } : {}),
  };
  // Size everything but the images first, then share the rest of the budget among the charts.
  const nodes = withoutTitleHeading(assets.nodes, version.title);
  const withoutImages = storyBodyElements(nodes, { assets, charts: new Map() });
  const otherCharacters = cardSizeInCharacters(createCard([...storyHeaderElements(header), ...withoutImages]));
  const budgetBytes = storyChartBudgetBytes(storyCharts(nodes).length, otherCharacters);
  const charts = await prepareStoryCharts(assets, budgetBytes);
  return buildStoryCards(header, storyBodyElements(nodes, { assets, charts }));
}
