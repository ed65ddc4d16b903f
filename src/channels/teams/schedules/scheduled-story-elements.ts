// A story schedule's story as Adaptive Card elements: drawn again from the run's rows and walked by
// the story renderer the thread uses (story-card-elements.ts), its charts sharing what the card's
// budget leaves after the header, text and tables. Mirrors slack/schedules/scheduled-story-blocks.ts.
import type { ScheduledPost, ScheduledStoryPost } from '../../../schedules/scheduled-post.js';
import { renderScheduledStoryAssets } from '../../../schedules/scheduled-story.js';
import { storyCharts } from '../../../stories/index.js';
import { withoutTitleHeading } from '../../../stories/story-title-heading.js';
import type { CardElement } from '../render/adaptive-card-types.js';
import { cardSizeInCharacters } from '../render/message-budget.js';
import { storyBodyElements } from '../stories/story-card-elements.js';
import { prepareStoryCharts, storyChartBudgetBytes } from '../stories/story-chart-images.js';
import { scheduledPostCard } from './scheduled-post-card.js';

export async function scheduledStoryElements(post: ScheduledPost, story: ScheduledStoryPost): Promise<CardElement[]> {
  const assets = await renderScheduledStoryAssets(story, 'card_image');
  const nodes = withoutTitleHeading(assets.nodes, story.title);
  // Size everything but the images first, then share the rest of the budget among the charts.
  const withoutImages = storyBodyElements(nodes, { assets, charts: new Map() });
  const budgetBytes = storyChartBudgetBytes(storyCharts(nodes).length, cardSizeInCharacters(scheduledPostCard(post, withoutImages)));
  const charts = await prepareStoryCharts(assets, budgetBytes);
  return storyBodyElements(nodes, { assets, charts });
}
