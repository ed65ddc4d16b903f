// search{pattern} or search{query}, exactly one. `pattern`: files of the context folder whose path
// matches a glob, at most 100 shown (as nao's search tool), matched at any depth (`*.md` finds
// /a/b/c.md). `query`: a ranked full-text search (context-search-index.ts) over table names,
// descriptions, columns and their comments, sampled values, dbt and metric docs and hand-written
// notes, the best 10 with a one-line reason each.
import { posix } from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';
import { AccessDeniedError } from '../context-files/access-denied-error.js';
import { contextFailure, type ContextFailure } from '../context-files/context-failure.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import { contextSearchIndexFor, type SearchHit } from '../context-files/context-search-index.js';
import { formatSize } from '../context-files/format-size.js';
import { globToRegExp } from '../context-files/glob-pattern.js';

export const SEARCH_MAX_FILES_SHOWN = 100;
export const SEARCH_MAX_DIRECTORIES_SHOWN = 10;
export const SEARCH_QUERY_MAX_RESULTS = 10;

export const searchFilesInputSchema = z
  .object({
    pattern: z
      .string()
      .min(1)
      .nullish()
      .describe('Glob pattern for file paths, e.g. `*.md`, `metrics/**/*.sql`, `*revenue*`. Matched at any depth. May be null when `query` is given.'),
    query: z
      .string()
      .min(1)
      .nullish()
      .describe('Words to look for in tables (names, descriptions, columns, comments, sampled values) and documents, e.g. `net revenue by region`. Ranked best first. May be null when `pattern` is given.'),
  })
  .refine((input) => Boolean(input.pattern) !== Boolean(input.query), { message: 'Give exactly one of `pattern` (file paths) or `query` (words to rank tables and documents by).' });

export type SearchFilesInput = z.infer<typeof searchFilesInputSchema>;

export interface FoundFile {
  path: string;
  dir: string;
  size: number;
}

export type SearchFilesOutput =
  | { _version: '1'; status: 'ok'; mode: 'pattern'; pattern: string; files: FoundFile[] }
  | { _version: '1'; status: 'ok'; mode: 'query'; query: string; results: SearchHit[]; total: number }
  | ContextFailure;

async function searchByPattern(rawPattern: string, folder: ContextFolder): Promise<SearchFilesOutput> {
  const pattern = rawPattern.trim();
  if (pattern.startsWith('/') || /^[A-Za-z]:[\\/]/.test(pattern)) throw new AccessDeniedError('absolute_pattern', pattern);
  if (pattern.split(/[\\/]/).includes('..')) throw new AccessDeniedError('parent_pattern', pattern);
  const expression = globToRegExp(pattern.startsWith('**/') ? pattern : `**/${pattern}`);
  const rules = folder.ignoreRules();
  const top = await folder.resolve('/', rules);
  const files = (await folder.listFilesBelow(top, rules))
    .filter((entry) => expression.test(entry.relativePath))
    .map((entry) => ({ path: entry.virtualPath, dir: posix.dirname(entry.virtualPath), size: entry.stats.size }));
  return { _version: '1', status: 'ok', mode: 'pattern', pattern, files };
}

export async function searchContextFiles(input: SearchFilesInput, folder: ContextFolder): Promise<SearchFilesOutput> {
  try {
    if (input.query) {
      const query = input.query.trim();
      const { hits, total } = await contextSearchIndexFor(folder).query(query, folder, SEARCH_QUERY_MAX_RESULTS);
      return { _version: '1', status: 'ok', mode: 'query', query, results: hits, total };
    }
    if (input.pattern) return await searchByPattern(input.pattern, folder);
    return { _version: '1', status: 'error', message: 'Give exactly one of `pattern` (file paths) or `query` (words to rank tables and documents by).' };
  } catch (error) {
    return contextFailure(error);
  }
}

function renderHit(hit: SearchHit, rank: number): string {
  const what = hit.kind === 'table' ? `table \`${hit.title}\`${hit.databaseFolder ? ` in ${hit.databaseFolder}` : ''}` : `"${hit.title}"`;
  const summary = hit.summary ? `: ${hit.summary}` : '';
  return `${rank}. ${hit.path} — ${what}${summary} (${hit.reason})`;
}

function renderQueryResults(query: string, results: SearchHit[], total: number): string {
  if (results.length === 0) return `No tables or documents match "${query}". Try other words (a synonym, a column name), or search{pattern} on file names.`;
  const shown = results.length < total ? `best ${results.length} of ${total}` : `${total}`;
  return [`Best matches for "${query}" (${shown}):`, ...results.map((hit, index) => renderHit(hit, index + 1)), 'Read a file with read{file_path} for its columns and notes.'].join('\n');
}

function renderPatternResults(files: FoundFile[]): string {
  if (files.length === 0) return 'No matches.';
  const count = files.length;
  const lines = [`${count === 1 ? 'Match' : 'Matches'} (${count}):`];
  for (const file of files.slice(0, SEARCH_MAX_FILES_SHOWN)) lines.push(`- ${file.path} (${formatSize(file.size)})`);
  const remaining = files.slice(SEARCH_MAX_FILES_SHOWN);
  if (remaining.length > 0) {
    const directories = [...new Set(remaining.map((file) => file.dir))].sort((left, right) => left.length - right.length || left.localeCompare(right));
    lines.push('', `${remaining.length} more not shown. More matches in:`);
    for (const directory of directories.slice(0, SEARCH_MAX_DIRECTORIES_SHOWN)) lines.push(`- ${directory}`);
    if (directories.length > SEARCH_MAX_DIRECTORIES_SHOWN) lines.push(`- … and ${directories.length - SEARCH_MAX_DIRECTORIES_SHOWN} more directories`);
    lines.push('Narrow the pattern to see them.');
  }
  return lines.join('\n');
}

export function renderSearchFilesOutput(output: SearchFilesOutput): string {
  if (output.status === 'error') return output.message;
  return output.mode === 'query' ? renderQueryResults(output.query, output.results, output.total) : renderPatternResults(output.files);
}

export function createSearchFilesTool(folder: ContextFolder) {
  return tool({
    description:
      'Search the project context folder. `query`: ranked full-text search over the warehouse tables (names, descriptions, columns, column comments, sampled values) and documents (metric definitions, notes); returns the best tables and files with why each matched — use it to find the table for a business term. `pattern`: files whose path matches a glob (e.g. `*.md`, `metrics/*`). Give exactly one.',
    inputSchema: searchFilesInputSchema,
    execute: (input) => searchContextFiles(input, folder),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderSearchFilesOutput(output) }),
  });
}
