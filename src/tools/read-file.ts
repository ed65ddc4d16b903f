// read{file_path}: a file of the context folder with numbered lines, cut at 32,000 characters
// with the remainder stated (as nao's read tool).
import { readFile } from 'node:fs/promises';
import { tool } from 'ai';
import { z } from 'zod';
import { contextFailure, type ContextFailure } from '../context-files/context-failure.js';
import type { ContextFolder } from '../context-files/context-folder.js';

export const READ_MAX_CHARACTERS = 32_000;

export const readFileInputSchema = z.object({
  file_path: z.string().min(1).describe('Virtual path of the file in the context folder, e.g. /metrics/revenue.md (`/` is the folder).'),
});

export type ReadFileInput = z.infer<typeof readFileInputSchema>;

export type ReadFileOutput =
  | {
      _version: '1';
      status: 'ok';
      path: string;
      /** At most READ_MAX_CHARACTERS characters. */
      content: string;
      totalCharacters: number;
      numberOfTotalLines: number;
    }
  | ContextFailure;

export async function readContextFile(input: ReadFileInput, folder: ContextFolder): Promise<ReadFileOutput> {
  try {
    const entry = await folder.resolve(input.file_path);
    if (entry.stats.isDirectory()) return { _version: '1', status: 'error', message: `${entry.virtualPath} is a directory: use list to see what it holds.` };
    const content = await readFile(entry.realPath, 'utf8');
    return {
      _version: '1',
      status: 'ok',
      path: entry.virtualPath,
      content: content.slice(0, READ_MAX_CHARACTERS),
      totalCharacters: content.length,
      numberOfTotalLines: content === '' ? 0 : content.split('\n').length,
    };
  } catch (error) {
    return contextFailure(error);
  }
}

export function renderReadFileOutput(output: ReadFileOutput): string {
  if (output.status === 'error') return output.message;
  if (output.totalCharacters === 0) return 'File is empty.';
  const charactersLeft = output.totalCharacters - output.content.length;
  const cutAtLineEnd = charactersLeft > 0 && output.content.endsWith('\n');
  const lines = (cutAtLineEnd ? output.content.slice(0, -1) : output.content).split('\n');
  const numbered = lines.map((line, index) => `${index + 1}:${line}`).join('\n');
  if (charactersLeft <= 0) return numbered;
  const shown = `lines 1–${lines.length} of ${output.numberOfTotalLines} shown${cutAtLineEnd ? '' : `, line ${lines.length} cut short`}`;
  return `${numbered}\n...(${charactersLeft.toLocaleString('en-US')} characters left: ${shown}. Use grep with path ${output.path} to find the part you need.)`;
}

export function createReadFileTool(folder: ContextFolder) {
  return tool({
    description: 'Read a file of the project context folder (business notes, metric definitions, example queries). Returns numbered lines.',
    inputSchema: readFileInputSchema,
    execute: (input) => readContextFile(input, folder),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderReadFileOutput(output) }),
  });
}
