// Line-level Markdown → mrkdwn for running text: headings become bold lines (Slack has no
// headings in mrkdwn), bullets become "•", numbered lists and quotes stay, inline marks convert.
import { convertInlineMarkdown } from './convert-inline-markdown.js';

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d+)[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const SPACES_PER_MARKDOWN_LEVEL = 2;
const NESTED_INDENT = '    ';

export function convertMarkdownText(markdown: string): string {
  return markdown
    .split('\n')
    .map(convertLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

function convertLine(line: string): string {
  const heading = HEADING.exec(line);
  if (heading) {
    // Emphasis inside a heading would nest inside the bold we add; Slack renders nested marks badly.
    const plain = (heading[1] ?? '').replace(/\*\*|__/g, '');
    return plain === '' ? '' : `*${convertInlineMarkdown(plain)}*`;
  }
  const bullet = BULLET.exec(line);
  if (bullet) {
    const level = nestingLevel(bullet[1] ?? '');
    return `${NESTED_INDENT.repeat(level)}${level === 0 ? '•' : '◦'} ${convertInlineMarkdown(bullet[2] ?? '')}`;
  }
  const numbered = NUMBERED.exec(line);
  if (numbered) {
    const level = nestingLevel(numbered[1] ?? '');
    return `${NESTED_INDENT.repeat(level)}${numbered[2]}. ${convertInlineMarkdown(numbered[3] ?? '')}`;
  }
  const quote = QUOTE.exec(line);
  if (quote) return `> ${convertInlineMarkdown(quote[1] ?? '')}`;
  return convertInlineMarkdown(line.trimEnd());
}

function nestingLevel(indent: string): number {
  const width = indent.replace(/\t/g, '    ').length;
  return Math.floor(width / SPACES_PER_MARKDOWN_LEVEL);
}
