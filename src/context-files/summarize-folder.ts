// What the system prompt says about the context folder: its top-level entries.
import type { ContextFolder } from './context-folder.js';
import { formatSize } from './format-size.js';

export const MAX_TOP_LEVEL_ENTRIES_IN_PROMPT = 30;

export interface ContextFolderSummary {
  /** `- metrics/ (directory, 4 items)` lines. */
  lines: string[];
  /** Entries not listed. */
  more: number;
}

export async function summarizeContextFolder(folder: ContextFolder, maximum = MAX_TOP_LEVEL_ENTRIES_IN_PROMPT): Promise<ContextFolderSummary | undefined> {
  if (!folder.exists()) return undefined;
  const rules = folder.ignoreRules();
  const top = await folder.resolve('/', rules);
  const entries = await folder.listDirectory(top, rules);
  const lines: string[] = [];
  for (const entry of entries.slice(0, maximum)) {
    if (entry.stats.isDirectory()) {
      const count = (await folder.listDirectory(entry, rules)).length;
      lines.push(`- ${entry.virtualPath}/ (directory, ${count} ${count === 1 ? 'item' : 'items'})`);
    } else lines.push(`- ${entry.virtualPath} (${formatSize(entry.stats.size)})`);
  }
  return { lines, more: Math.max(0, entries.length - maximum) };
}
