// A story usually opens with `# Title`. Renderers that already show the title (a Slack header
// block, the story file's own heading) need to know whether the Markdown starts with one, and
// what follows it.
import { toString as plainText } from 'mdast-util-to-string';
import { parseMarkdown } from './parse-markdown.js';

interface LeadingTitleHeading {
  /** The heading's words, without Markdown marks. */
  title: string;
  /** The Markdown after the heading, trimmed. */
  rest: string;
}

/** The level-1 heading the Markdown starts with, or undefined when it starts with anything else. */
export function leadingTitleHeading(markdown: string): LeadingTitleHeading | undefined {
  const [first] = parseMarkdown(markdown).children;
  const end = first?.position?.end.offset;
  if (first?.type !== 'heading' || first.depth !== 1 || end === undefined) return undefined;
  return { title: plainText(first).trim(), rest: markdown.slice(end).trim() };
}
