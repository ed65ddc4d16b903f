// The model answers in Markdown; a card needs TextBlocks. Each block maps one way: paragraphs stay
// Markdown (TextBlock renders that subset), headings become bold TextBlocks with a size, lists
// become list TextBlocks with nested levels indented (card-list-elements.ts), code becomes
// monospace lines in a shaded container, tables become Table elements, block quotes become subtle
// text. Thematic breaks add nothing: the spacing between elements already separates.
import type { Heading, RootContent } from 'mdast';
import { followsDirectly } from '../../../markdown/block-separator.js';
import { parseMarkdown } from '../../../markdown/parse-markdown.js';
import { textBlock, type CardElement, type TextBlockElement } from './adaptive-card-types.js';
import { codeBlockElement } from './card-code-block.js';
import { inlineToCardText } from './card-inline-text.js';
import { listElements } from './card-list-elements.js';
import { fittedTableElements } from './table-element.js';

const HEADING_SIZES: Partial<Record<Heading['depth'], TextBlockElement['size']>> = { 1: 'Large', 2: 'Medium' };
/** Teams ignores single newlines in a TextBlock outside lists; a blank line keeps the author's line. */
const PARAGRAPH_LINE_BREAK = '\n\n';

export function markdownToCardElements(markdown: string): CardElement[] {
  return blocksToCardElements(parseMarkdown(markdown).children);
}

export function blocksToCardElements(blocks: readonly RootContent[]): CardElement[] {
  const elements: CardElement[] = [];
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index];
    if (block?.type === 'list') {
      // Lists written on consecutive lines (say "1." then "2)") read as one list.
      const lists = [block];
      for (let next = blocks[index + 1]; next?.type === 'list' && followsDirectly(blocks[index] ?? block, next); next = blocks[index + 1]) {
        lists.push(next);
        index += 1;
      }
      elements.push(...listElements(lists, blocksToCardElements));
    } else if (block) {
      elements.push(...blockToCardElements(block));
    }
  }
  return elements;
}

function blockToCardElements(block: RootContent): CardElement[] {
  switch (block.type) {
    case 'paragraph': {
      const text = inlineToCardText(block.children, { lineBreak: PARAGRAPH_LINE_BREAK }).trim();
      return text === '' ? [] : [textBlock(text)];
    }
    case 'heading': {
      const text = inlineToCardText(block.children, { plain: true, lineBreak: ' ' }).trim();
      const size = HEADING_SIZES[block.depth];
      return text === '' ? [] : [textBlock(text, size ? { size, weight: 'Bolder' } : { weight: 'Bolder' })];
    }
    case 'blockquote':
      return blocksToCardElements(block.children).map((element) => (element.type === 'TextBlock' ? { ...element, isSubtle: true } : element));
    case 'code':
      return [codeBlockElement(block.value)];
    case 'table': {
      const [header = [], ...rows] = block.children.map((row) =>
        row.children.map((cell) => inlineToCardText(cell.children, { lineBreak: ' ' }).trim()),
      );
      return fittedTableElements(header, rows);
    }
    case 'html':
      return block.value.trim() === '' ? [] : [textBlock(block.value.trim())];
    case 'footnoteDefinition':
      return [textBlock(`[${block.label ?? block.identifier}]`, { isSubtle: true }), ...blocksToCardElements(block.children)];
    case 'list':
      return listElements([block], blocksToCardElements);
    default:
      return [];
  }
}
