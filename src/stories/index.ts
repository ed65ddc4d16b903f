// Stories: the document grammar and its validation, versions in the store, the parsed document
// model the channel renderers walk, and the assets (chart PNGs, table rows) they show.
export type { StoryChartNode, StoryGridNode, StoryMarkdownNode, StoryNode, StorySourcePosition, StoryTableNode } from './story-document.js';
export { storyCharts, storyTables, walkStoryNodes } from './story-document.js';
export { parseStoryDocument } from './parse-story-document.js';
export { formatStoryValidationError, validateStoryCode, type StoryValidationError } from './validate-story-code.js';
export { checkStoryReferences, validateStoryDocument, type FindQueryResult } from './check-story-references.js';
export { runStoryAction, STORY_SLUG_PATTERN, type StoryActionDependencies, type StoryActionInput } from './run-story-action.js';
export { renderStoryOutput, storyResultHeader, type StoryAction, type StoryOutput } from './story-output.js';
export { summarizeStoryChange, type StoryChange } from './summarize-story-change.js';
export {
  formatStoryVersionsSummary,
  listStoryVersionsSummary,
  saveStoryVersion,
  type NewStoryVersion,
  type StoryVersionSummary,
} from './story-versions.js';
export { compactStoryHistory } from './compact-story-history.js';
export {
  chartAssetFor,
  problemFor,
  renderStoryAssets,
  tableAssetFor,
  type RenderStoryAssetsOptions,
  type StoryAssetProblem,
  type StoryAssets,
  type StoryChartAsset,
  type StoryQueryResults,
  type StoryTableAsset,
  type StoryTableResult,
} from './render-story-assets.js';
export { MARKDOWN_TABLE_MAX_ROWS, renderMarkdownTable, renderStoryMarkdown } from './story-markdown.js';
export { writeStoryFiles, type StoryVersionToWrite, type WrittenStoryFiles } from './write-story-files.js';
