// The one Markdown parser every renderer walks: CommonMark plus GitHub's extensions (tables,
// strikethrough, task lists, autolink literals, footnotes), as an mdast syntax tree. Renderers for
// Slack, Teams and stories read the same tree, so a construct means the same thing everywhere.
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}
