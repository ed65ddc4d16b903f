// The model answers in Markdown; a card needs TextBlocks. Block structure is mapped one way each:
// paragraphs and lists stay Markdown (TextBlock renders that subset), headings become bold
// TextBlocks with a size, code becomes monospace lines in a shaded container, pipe tables become
// Table elements, block quotes become subtle text. Teams ignores single newlines inside a TextBlock
// except in lists, so lines of a paragraph are joined with a blank line and list items with `\r`
// (both as Microsoft's card formatting guide prescribes).
import { textBlock, type CardElement, type TableElement, type TextBlockElement } from './adaptive-card-types.js';
import { convertInlineMarkdown, stripEmphasis } from './convert-inline-markdown.js';
import { buildTable } from './table-element.js';

const FENCE_PATTERN = /^\s*(```|~~~)/;
const HEADING_PATTERN = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE_PATTERN = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM_PATTERN = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE_PATTERN = /^\s{0,3}>\s?(.*)$/;
const TABLE_SEPARATOR_PATTERN = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** Long code blocks become one element per line; past this many lines the rest is elided. */
export const CODE_BLOCK_LINE_LIMIT = 40;

const HEADING_SIZES: Record<number, TextBlockElement['size']> = { 1: 'Large', 2: 'Medium' };

export function markdownToCardElements(markdown: string): CardElement[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const elements: CardElement[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) elements.push(textBlock(paragraph.map(convertInlineMarkdown).join('\n\n')));
    paragraph = [];
  };

  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const fence = FENCE_PATTERN.exec(line);
    if (fence) {
      flushParagraph();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trimStart().startsWith(fence[1] ?? '```')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      index += 1;
      elements.push(codeBlock(code));
      continue;
    }
    if (line.trim() === '') {
      flushParagraph();
      index += 1;
      continue;
    }
    const heading = HEADING_PATTERN.exec(line);
    if (heading) {
      flushParagraph();
      const size = HEADING_SIZES[(heading[1] ?? '').length];
      elements.push(textBlock(stripEmphasis(heading[2] ?? ''), size ? { size, weight: 'Bolder' } : { weight: 'Bolder' }));
      index += 1;
      continue;
    }
    if (RULE_PATTERN.test(line)) {
      flushParagraph();
      index += 1;
      continue;
    }
    if (line.includes('|') && TABLE_SEPARATOR_PATTERN.test(lines[index + 1] ?? '')) {
      flushParagraph();
      const rows = [splitTableRow(line)];
      index += 2;
      while (index < lines.length && (lines[index] ?? '').includes('|') && (lines[index] ?? '').trim() !== '') {
        rows.push(splitTableRow(lines[index] ?? ''));
        index += 1;
      }
      elements.push(markdownTable(rows));
      continue;
    }
    if (LIST_ITEM_PATTERN.test(line)) {
      flushParagraph();
      const items: string[] = [];
      while (index < lines.length) {
        const current = lines[index] ?? '';
        const item = LIST_ITEM_PATTERN.exec(current);
        if (item) {
          const marker = /^\d/.test(item[1] ?? '') ? `${(item[1] ?? '1.').replace(')', '.')} ` : '- ';
          items.push(marker + convertInlineMarkdown(item[2] ?? ''));
        } else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          // An indented continuation line belongs to the item above.
          items[items.length - 1] += ` ${convertInlineMarkdown(current.trim())}`;
        } else {
          break;
        }
        index += 1;
      }
      elements.push(textBlock(items.join('\r')));
      continue;
    }
    const quote = QUOTE_PATTERN.exec(line);
    if (quote) {
      flushParagraph();
      const quoted: string[] = [];
      while (index < lines.length) {
        const match = QUOTE_PATTERN.exec(lines[index] ?? '');
        if (!match) break;
        if ((match[1] ?? '').trim() !== '') quoted.push(convertInlineMarkdown((match[1] ?? '').trim()));
        index += 1;
      }
      if (quoted.length > 0) elements.push(textBlock(quoted.join('\n\n'), { isSubtle: true }));
      continue;
    }
    paragraph.push(line.trim());
    index += 1;
  }
  flushParagraph();
  return elements;
}

function codeBlock(lines: string[]): CardElement {
  const shown = lines.length > CODE_BLOCK_LINE_LIMIT ? [...lines.slice(0, CODE_BLOCK_LINE_LIMIT), '…'] : lines;
  const items = (shown.length > 0 ? shown : ['']).map((codeLine, position) => {
    // A blank line would collapse; a no-break space keeps the line's height.
    const element = textBlock(codeLine.replace(/\s+$/, '') || '\u00a0', { fontType: 'Monospace' });
    if (position > 0) element.spacing = 'None';
    return element;
  });
  return { type: 'Container', style: 'emphasis', items };
}

function splitTableRow(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => convertInlineMarkdown(cell.trim().replace(/\\\|/g, '|')));
}

function markdownTable(rows: string[][]): TableElement {
  const [header = [], ...body] = rows;
  return buildTable(header, body);
}
