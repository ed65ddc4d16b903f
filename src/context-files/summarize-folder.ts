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

/** Undefined when the folder is missing or unreadable: the prompt then does not mention it. */
export async function summarizeContextFolder(folder: ContextFolder, maximum = MAX_TOP_LEVEL_ENTRIES_IN_PROMPT): Promise<ContextFolderSummary | undefined> {
  if (!folder.exists()) return undefined;
  try {
    return await summarize(folder, maximum);
  } catch {
    return undefined;
  }
}

async function summarize(folder: ContextFolder, maximum: number): Promise<ContextFolderSummary> {
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
