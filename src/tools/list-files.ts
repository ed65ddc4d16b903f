// list{path}: the entries of one directory of the context folder (as nao's list tool).
import { tool } from 'ai';
import { z } from 'zod';
import { contextFailure, type ContextFailure } from '../context-files/context-failure.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import { formatSize } from '../context-files/format-size.js';

export const listFilesInputSchema = z.object({
  path: z.string().min(1).describe('Virtual path of a directory in the context folder; `/` is the folder itself.'),
});

export type ListFilesInput = z.infer<typeof listFilesInputSchema>;

export interface ListedEntry {
  path: string;
  name: string;
  type: 'file' | 'directory';
  /** Bytes, for files. */
  size?: number;
  /** Visible entries inside, for directories. */
  itemCount?: number;
}

export type ListFilesOutput = { _version: '1'; status: 'ok'; path: string; entries: ListedEntry[] } | ContextFailure;

export async function listContextDirectory(input: ListFilesInput, folder: ContextFolder): Promise<ListFilesOutput> {
  try {
    const rules = folder.ignoreRules();
    const directory = await folder.resolve(input.path, rules);
    if (!directory.stats.isDirectory()) return { _version: '1', status: 'error', message: `${directory.virtualPath} is a file, not a directory: use read to open it.` };
    const entries: ListedEntry[] = [];
    for (const entry of await folder.listDirectory(directory, rules)) {
      const name = entry.relativePath.slice(entry.relativePath.lastIndexOf('/') + 1);
      if (entry.stats.isDirectory()) {
        const itemCount = (await folder.listDirectory(entry, rules)).length;
        entries.push({ path: entry.virtualPath, name, type: 'directory', itemCount });
      } else if (entry.stats.isFile()) entries.push({ path: entry.virtualPath, name, type: 'file', size: entry.stats.size });
    }
    return { _version: '1', status: 'ok', path: directory.virtualPath, entries };
  } catch (error) {
    return contextFailure(error);
  }
}

export function renderListFilesOutput(output: ListFilesOutput): string {
  if (output.status === 'error') return output.message;
  if (output.entries.length === 0) return 'Directory is empty.';
  const directories = output.entries.filter((entry) => entry.type === 'directory');
  const files = output.entries.filter((entry) => entry.type === 'file');
  const parts: string[] = [];
  if (directories.length > 0) {
    parts.push(`Directories (${directories.length}):`);
    for (const entry of directories) parts.push(`- ${entry.path}/ (${entry.itemCount} ${entry.itemCount === 1 ? 'item' : 'items'})`);
  }
  if (files.length > 0) {
    if (parts.length > 0) parts.push('');
    parts.push(`Files (${files.length}):`);
    for (const entry of files) parts.push(`- ${entry.path} (${formatSize(entry.size ?? 0)})`);
  }
  return parts.join('\n');
}

export function createListFilesTool(folder: ContextFolder) {
  return tool({
    description: 'List the files and directories at a path of the project context folder (`/` is the top).',
    inputSchema: listFilesInputSchema,
    execute: (input) => listContextDirectory(input, folder),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderListFilesOutput(output) }),
  });
}
