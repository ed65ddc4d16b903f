// story{action, id, title?, code?, search?, replace?}: nao's story tool. Validate the input and the
// code -> save a new version in the store -> put it on the blackboard -> show the model the title,
// version and full code (or the errors, with line and column).
import { tool } from 'ai';
import { z } from 'zod';
import { renderStoryOutput, type StoryOutput } from '../stories/story-output.js';
import { runStoryAction, type StoryActionInput } from '../stories/run-story-action.js';
import type { ToolContext } from './tool-context.js';

export const storyInputSchema = z.object({
  action: z
    .enum(['create', 'update', 'replace'])
    .describe('"create" a new story; "update" replaces the first exact occurrence of `search` with `replace`; "replace" overwrites the whole code.'),
  id: z.string().min(1).describe('The story id: a kebab-case slug, unique in this conversation, e.g. "weekly-sales".'),
  title: z.string().min(1).max(200).optional().describe('Title (required for create; on replace it renames the story).'),
  code: z.string().optional().describe('The full story: Markdown with <chart/>, <table/> and <grid> tags (create and replace).'),
  search: z.string().optional().describe('update: exact text of the latest version to replace (copy it from the latest story result).'),
  replace: z.string().optional().describe('update: the new text.'),
});

export const STORY_TOOL_DESCRIPTION = [
  'Create or modify a story (a report): a Markdown document with embedded charts and tables built from earlier execute_sql results, shown to the user as a rich message. Every change makes a new version.',
  'Use "create" to start a story, "update" to search-and-replace within the latest version, "replace" to overwrite the whole code.',
  'Charts: <chart query_id="query_…" chart_type="bar" x_axis_key="month" x_axis_type="date" series=\'[{"data_key":"revenue"}]\' title="Revenue by month" /> (or data_key="revenue" for one series).',
  'Tables: <table query_id="query_…" title="Top customers" />. Side by side: <grid cols="2"> … </grid> (cols 1–4) or <grid widths="3,1"> with one width per child. Tags must be self-closing.',
  'The result always shows the latest version; edit from it. Use display_chart, not a story, for a single chart unless the user asks for a report.',
].join(' ');

export async function story(input: StoryActionInput, context: ToolContext): Promise<StoryOutput> {
  const output = await runStoryAction(input, {
    store: context.store,
    threadId: context.threadId,
    now: context.now,
    findQueryResult: (queryId) => context.findQueryResult(queryId),
    author: 'assistant',
  });
  if (output.status === 'ok') {
    context.storyVersions.push({
      slug: output.id,
      version: output.version,
      title: output.title,
      code: output.code,
      action: output.action,
      summary: output.summary,
    });
  }
  return output;
}

export function createStoryTool(context: ToolContext) {
  return tool({
    description: STORY_TOOL_DESCRIPTION,
    inputSchema: storyInputSchema,
    execute: (input) => story(input, context),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderStoryOutput(output) }),
  });
}
