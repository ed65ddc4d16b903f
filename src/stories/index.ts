// Stories: the document grammar and its validation, versions in the store, the parsed document
// model the channel renderers walk, and the assets (chart PNGs, table rows) they show.
export type { StoryChartNode, StoryNode, StoryTableNode } from './story-document.js';
export { storyCharts, storyTables } from './story-document.js';
export { parseStoryDocument } from './parse-story-document.js';
export { formatStoryVersionsSummary, type StoryVersionSummary } from './story-versions.js';
export {
  chartAssetFor,
  problemFor,
  renderStoryAssets,
  tableAssetFor,
  type RenderStoryAssetsOptions,
  type StoryAssets,
  type StoryTableResult,
} from './render-story-assets.js';
