// The one Markdown parser every renderer walks: CommonMark plus GitHub's extensions (tables,
// strikethrough, task lists, autolink literals, footnotes), as an mdast syntax tree. Renderers for
// Slack, Teams and stories read the same tree, so a construct means the same thing everywhere.
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

// Built once: constructing the extensions costs as much as parsing a short answer.
const OPTIONS = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

// micromark parses at a few hundred kB/s here, and one answer is often rendered twice in a row
// (Slack sizes the text, then builds its blocks): the last tree is kept. Renderers only read trees.
let last: { markdown: string; tree: Root } | undefined;

export function parseMarkdown(markdown: string): Root {
  if (last?.markdown !== markdown) last = { markdown, tree: fromMarkdown(markdown, OPTIONS) };
  return last.tree;
}
