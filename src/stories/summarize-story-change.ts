// One line saying what a new version changed ("Added chart "Revenue by month"; edited the text."),
// shown in the thread next to the new version and in the Versions list.
import { parseStoryDocument } from './parse-story-document.js';
import { storyCharts, storyTables, walkStoryNodes, type StoryNode } from './story-document.js';

export const MAX_SUMMARY_CHARACTERS = 200;
const SNIPPET_CHARACTERS = 40;

export interface StoryChange {
  action: 'create' | 'update' | 'replace';
  title: string;
  code: string;
  previousTitle?: string;
  previousCode?: string;
  search?: string;
  replace?: string;
}

interface Element {
  label: string;
  raw: string;
}

function count(noun: string, amount: number): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

function elementsOf(nodes: StoryNode[]): Element[] {
  return [...walkStoryNodes(nodes)].flatMap((node) =>
    node.type === 'chart' || node.type === 'table'
      ? [{ label: node.title ? `${node.type} "${node.title}"` : `${node.type} of ${node.queryId}`, raw: node.rawTag }]
      : [],
  );
}

function markdownOf(nodes: StoryNode[]): string {
  return [...walkStoryNodes(nodes)].map((node) => (node.type === 'markdown' ? node.markdown : '')).join('\n');
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARACTERS ? `${flat.slice(0, SNIPPET_CHARACTERS - 1)}…` : flat;
}

function withoutEach(list: Element[], others: Element[]): Element[] {
  const remaining = [...others];
  return list.filter((element) => {
    const index = remaining.findIndex((other) => other.raw === element.raw);
    if (index === -1) return true;
    remaining.splice(index, 1);
    return false;
  });
}

function describeDifferences(before: StoryNode[], after: StoryNode[]): string[] {
  const removed = withoutEach(elementsOf(before), elementsOf(after));
  const added = withoutEach(elementsOf(after), elementsOf(before));
  const changed: Element[] = [];
  for (const element of [...added]) {
    const index = removed.findIndex((candidate) => candidate.label === element.label);
    if (index === -1) continue;
    changed.push(element);
    removed.splice(index, 1);
    added.splice(added.indexOf(element), 1);
  }
  const parts = [
    ...added.map((element) => `added ${element.label}`),
    ...removed.map((element) => `removed ${element.label}`),
    ...changed.map((element) => `changed ${element.label}`),
  ];
  if (markdownOf(before) !== markdownOf(after)) parts.push('edited the text');
  return parts;
}

function sentence(parts: string[]): string {
  const text = parts.join('; ');
  const line = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  return line.length > MAX_SUMMARY_CHARACTERS ? `${line.slice(0, MAX_SUMMARY_CHARACTERS - 1)}…` : line;
}

export function summarizeStoryChange(change: StoryChange): string {
  const after = parseStoryDocument(change.code);
  if (change.action === 'create' || change.previousCode === undefined) {
    const contents = [count('chart', storyCharts(after).length), count('table', storyTables(after).length)];
    return sentence([`created "${change.title}" with ${contents.join(' and ')}`]);
  }
  const parts = describeDifferences(parseStoryDocument(change.previousCode), after);
  if (change.previousTitle !== undefined && change.previousTitle !== change.title) parts.unshift(`renamed to "${change.title}"`);
  if (change.action === 'update' && change.search !== undefined && parts.every((part) => part === 'edited the text')) {
    return sentence([`replaced "${snippet(change.search)}" with "${snippet(change.replace ?? '')}"`]);
  }
  if (parts.length === 0) return sentence([change.action === 'replace' ? 'rewrote the story without visible changes' : 'changed whitespace only']);
  return sentence(change.action === 'replace' ? ['rewrote the story', ...parts] : parts);
}
