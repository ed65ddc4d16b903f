// search{pattern}: files of the context folder whose path matches a glob, at most 100 shown (as
// nao's search tool). The pattern is matched at any depth (`*.md` finds /a/b/c.md).
import { posix } from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';
import { AccessDeniedError } from '../context-files/access-denied-error.js';
import { contextFailure, type ContextFailure } from '../context-files/context-failure.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import { formatSize } from '../context-files/format-size.js';
import { globToRegExp } from '../context-files/glob-pattern.js';

export const SEARCH_MAX_FILES_SHOWN = 100;
export const SEARCH_MAX_DIRECTORIES_SHOWN = 10;

export const searchFilesInputSchema = z.object({
  pattern: z.string().min(1).describe('Glob pattern for file paths, e.g. `*.md`, `metrics/**/*.sql`, `*revenue*`. Matched at any depth.'),
});

export type SearchFilesInput = z.infer<typeof searchFilesInputSchema>;

export interface FoundFile {
  path: string;
  dir: string;
  size: number;
}

export type SearchFilesOutput = { _version: '1'; status: 'ok'; pattern: string; files: FoundFile[] } | ContextFailure;

export async function searchContextFiles(input: SearchFilesInput, folder: ContextFolder): Promise<SearchFilesOutput> {
  try {
    const pattern = input.pattern.trim();
    if (pattern.startsWith('/') || /^[A-Za-z]:[\\/]/.test(pattern)) throw new AccessDeniedError('absolute_pattern', pattern);
    if (pattern.split(/[\\/]/).includes('..')) throw new AccessDeniedError('parent_pattern', pattern);
    const expression = globToRegExp(pattern.startsWith('**/') ? pattern : `**/${pattern}`);
    const rules = folder.ignoreRules();
    const top = await folder.resolve('/', rules);
    const files = (await folder.listFilesBelow(top, rules))
      .filter((entry) => expression.test(entry.relativePath))
      .map((entry) => ({ path: entry.virtualPath, dir: posix.dirname(entry.virtualPath), size: entry.stats.size }));
    return { _version: '1', status: 'ok', pattern, files };
  } catch (error) {
    return contextFailure(error);
  }
}

export function renderSearchFilesOutput(output: SearchFilesOutput): string {
  if (output.status === 'error') return output.message;
  if (output.files.length === 0) return 'No matches.';
  const count = output.files.length;
  const lines = [`${count === 1 ? 'Match' : 'Matches'} (${count}):`];
  for (const file of output.files.slice(0, SEARCH_MAX_FILES_SHOWN)) lines.push(`- ${file.path} (${formatSize(file.size)})`);
  const remaining = output.files.slice(SEARCH_MAX_FILES_SHOWN);
  if (remaining.length > 0) {
    const directories = [...new Set(remaining.map((file) => file.dir))].sort((left, right) => left.length - right.length || left.localeCompare(right));
    lines.push('', `${remaining.length} more not shown. More matches in:`);
    for (const directory of directories.slice(0, SEARCH_MAX_DIRECTORIES_SHOWN)) lines.push(`- ${directory}`);
    if (directories.length > SEARCH_MAX_DIRECTORIES_SHOWN) lines.push(`- … and ${directories.length - SEARCH_MAX_DIRECTORIES_SHOWN} more directories`);
    lines.push('Narrow the pattern to see them.');
  }
  return lines.join('\n');
}

export function createSearchFilesTool(folder: ContextFolder) {
  return tool({
    description: 'Find files of the project context folder by a glob pattern on their path (e.g. `*.md`, `metrics/*`).',
    inputSchema: searchFilesInputSchema,
    execute: (input) => searchContextFiles(input, folder),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderSearchFilesOutput(output) }),
  });
}
