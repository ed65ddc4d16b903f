// grep{pattern, path?, glob?, case_insensitive?, context_lines?, max_results?}: a regular
// expression over the text files of the context folder, at most 50 matching lines shown (as nao's
// grep tool, without the ripgrep binary).
import { open, readFile } from 'node:fs/promises';
import { tool } from 'ai';
import { z } from 'zod';
import { contextFailure, type ContextFailure } from '../context-files/context-failure.js';
import type { ContextEntry, ContextFolder } from '../context-files/context-folder.js';
import { createPathMatcher } from '../context-files/glob-pattern.js';

export const GREP_DEFAULT_MAX_RESULTS = 100;
export const GREP_MAX_LINES_SHOWN = 50;
export const GREP_MAX_MORE_FILES_SHOWN = 10;
export const GREP_MAX_LINE_CHARACTERS = 240;
/** Larger files are skipped: the folder is for notes, not data dumps. */
export const GREP_MAX_FILE_BYTES = 2 * 1024 * 1024;
const BINARY_SNIFF_BYTES = 8_000;

export const grepFilesInputSchema = z.object({
  pattern: z.string().min(1).describe('Regular expression (JavaScript syntax) to look for, line by line.'),
  path: z.string().min(1).optional().describe('Virtual file or directory to search in; default `/`, the whole folder.'),
  glob: z.string().min(1).optional().describe('Only files matching this glob, e.g. `*.md` (a name at any depth) or `metrics/*.sql`.'),
  case_insensitive: z.boolean().optional().describe('Ignore case. Default false.'),
  context_lines: z.number().int().min(0).max(10).optional().describe('Lines of context before and after each match. Default 0.'),
  max_results: z.number().int().min(1).max(1_000).optional().describe(`Matches to collect. Default ${GREP_DEFAULT_MAX_RESULTS}.`),
});

export type GrepFilesInput = z.infer<typeof grepFilesInputSchema>;

export interface GrepLine {
  line_number: number;
  line_content: string;
}

export interface GrepMatch extends GrepLine {
  path: string;
  context_before?: GrepLine[];
  context_after?: GrepLine[];
}

export type GrepFilesOutput = { _version: '1'; status: 'ok'; matches: GrepMatch[]; total_matches: number; truncated: boolean } | ContextFailure;

async function looksBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

function compile(input: GrepFilesInput): RegExp | string {
  try {
    return new RegExp(input.pattern, input.case_insensitive ? 'i' : '');
  } catch (error) {
    return `Invalid regular expression: ${(error as Error).message}. Escape special characters such as ( [ { . * + ? with a backslash.`;
  }
}

function contextAround(lines: string[], index: number, count: number): Pick<GrepMatch, 'context_before' | 'context_after'> {
  const start = Math.max(0, index - count);
  const end = Math.min(lines.length, index + 1 + count);
  return {
    context_before: lines.slice(start, index).map((line, offset) => ({ line_number: start + offset + 1, line_content: line })),
    context_after: lines.slice(index + 1, end).map((line, offset) => ({ line_number: index + offset + 2, line_content: line })),
  };
}

async function searchableFiles(input: GrepFilesInput, folder: ContextFolder): Promise<ContextEntry[]> {
  const rules = folder.ignoreRules();
  const start = await folder.resolve(input.path ?? '/', rules);
  const files = await folder.listFilesBelow(start, rules);
  if (!input.glob) return files;
  const matches = createPathMatcher(input.glob);
  const base = start.stats.isDirectory() ? start.relativePath : '';
  return files.filter((file) => matches(base && file.relativePath.startsWith(`${base}/`) ? file.relativePath.slice(base.length + 1) : file.relativePath));
}

export async function grepContextFiles(input: GrepFilesInput, folder: ContextFolder): Promise<GrepFilesOutput> {
  const expression = compile(input);
  if (typeof expression === 'string') return { _version: '1', status: 'error', message: expression };
  const maxResults = input.max_results ?? GREP_DEFAULT_MAX_RESULTS;
  const contextLines = input.context_lines ?? 0;
  try {
    const matches: GrepMatch[] = [];
    let total = 0;
    for (const file of await searchableFiles(input, folder)) {
      if (file.stats.size > GREP_MAX_FILE_BYTES || (await looksBinary(file.realPath))) continue;
      const lines = (await readFile(file.realPath, 'utf8')).split(/\r?\n/);
      lines.forEach((line, index) => {
        if (!expression.test(line)) return;
        total += 1;
        if (matches.length >= maxResults) return;
        const match: GrepMatch = { path: file.virtualPath, line_number: index + 1, line_content: line };
        matches.push(contextLines > 0 ? { ...match, ...contextAround(lines, index, contextLines) } : match);
      });
    }
    return { _version: '1', status: 'ok', matches, total_matches: total, truncated: total > matches.length };
  } catch (error) {
    return contextFailure(error);
  }
}

function shorten(line: string): string {
  const text = line.replace(/\r?\n$/, '');
  if (text.length <= GREP_MAX_LINE_CHARACTERS) return text;
  const half = Math.floor((GREP_MAX_LINE_CHARACTERS - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(text.length - half)}`;
}

function renderMatch(match: GrepMatch): string[] {
  return [
    ...(match.context_before ?? []).map((line) => `${line.line_number}-${shorten(line.line_content)}`),
    `${match.line_number}:${shorten(match.line_content)}`,
    ...(match.context_after ?? []).map((line) => `${line.line_number}-${shorten(line.line_content)}`),
  ];
}

export function renderGrepFilesOutput(output: GrepFilesOutput): string {
  if (output.status === 'error') return output.message;
  if (output.total_matches === 0) return 'No matches found.';
  const shown = output.matches.slice(0, GREP_MAX_LINES_SHOWN);
  const parts = [`${output.total_matches === 1 ? 'Match' : 'Matches'} (${output.total_matches})`];
  const byFile = new Map<string, GrepMatch[]>();
  for (const match of shown) byFile.set(match.path, [...(byFile.get(match.path) ?? []), match]);
  for (const [path, fileMatches] of byFile) {
    parts.push('', `${path} (${fileMatches.length})`, '```', ...fileMatches.flatMap(renderMatch), '```');
  }
  const notShown = output.total_matches - shown.length;
  if (notShown > 0) {
    const shownFiles = new Set(byFile.keys());
    const moreFiles = [...new Set(output.matches.slice(GREP_MAX_LINES_SHOWN).map((match) => match.path))];
    parts.push('', `${notShown} more ${notShown === 1 ? 'match' : 'matches'} not shown.`);
    if (moreFiles.length > 0) {
      parts.push('More matches in:');
      for (const path of moreFiles.slice(0, GREP_MAX_MORE_FILES_SHOWN)) parts.push(`- ${path}${shownFiles.has(path) ? ' (more lines)' : ''}`);
      if (moreFiles.length > GREP_MAX_MORE_FILES_SHOWN) parts.push(`- … and ${moreFiles.length - GREP_MAX_MORE_FILES_SHOWN} more files`);
    }
    parts.push('Narrow the pattern, path or glob to see them.');
  }
  return parts.join('\n');
}

export function createGrepFilesTool(folder: ContextFolder) {
  return tool({
    description: 'Search the text of the project context folder files with a regular expression; returns matching lines with line numbers.',
    inputSchema: grepFilesInputSchema,
    execute: (input) => grepContextFiles(input, folder),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderGrepFilesOutput(output) }),
  });
}
