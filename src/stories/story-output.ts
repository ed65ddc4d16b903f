// What the story tool returns, and how the model sees it: `Story "{title}" (v{n}) — {id}` and the
// full code of that version, or the error (with line and column for invalid code).
import { formatStoryValidationError, type StoryValidationError } from './validate-story-code.js';

export type StoryAction = 'create' | 'update' | 'replace';

export type StoryOutput =
  | { _version: '1'; status: 'ok'; id: string; action: StoryAction; version: number; title: string; code: string; summary: string }
  | { _version: '1'; status: 'error'; id: string; message: string }
  /** The code did not validate; nothing was saved. */
  | { _version: '1'; status: 'invalid'; id: string; action: StoryAction; latestVersion: number | null; errors: StoryValidationError[] };

/** Matches the first line of a successful story result (used by the history compaction). */
export const STORY_RESULT_HEADER = /^Story "(.*)" \(v(\d+)\) — (\S+)$/;

export function storyResultHeader(title: string, version: number, id: string): string {
  return `Story "${title}" (v${version}) — ${id}`;
}

/** A fence longer than any backtick run inside the code, so the code shows whole. */
export function fenceCode(code: string, info = 'markdown'): string {
  const longestRun = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${info}\n${code}\n${fence}`;
}

export function renderStoryOutput(output: StoryOutput): string {
  if (output.status === 'error') return `Error: ${output.message}`;
  if (output.status === 'invalid') {
    const kept =
      output.latestVersion === null
        ? 'Nothing was saved.'
        : `Nothing was saved; the latest version is still v${output.latestVersion}.`;
    const count = `${output.errors.length} problem${output.errors.length === 1 ? '' : 's'}`;
    return [
      `Error: the code for story "${output.id}" has ${count}. ${kept} Fix ${output.errors.length === 1 ? 'it' : 'them'} and call story again.`,
      ...output.errors.map((error) => `- ${formatStoryValidationError(error)}`),
    ].join('\n');
  }
  return `${storyResultHeader(output.title, output.version, output.id)}\n\n${fenceCode(output.code)}`;
}
