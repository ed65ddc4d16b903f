// Code in a card: one monospace TextBlock per line in a shaded container (a TextBlock would
// reflow the lines). Long code is cut, with an ellipsis saying so.
import { textBlock, type CardElement } from './adaptive-card-types.js';

const CODE_BLOCK_LINE_LIMIT = 40;

export function codeBlockElement(code: string): CardElement {
  const lines = code.split('\n');
  const shown = lines.length > CODE_BLOCK_LINE_LIMIT ? [...lines.slice(0, CODE_BLOCK_LINE_LIMIT), '…'] : lines;
  const items = shown.map((codeLine, position) => {
    // A blank line would collapse; a no-break space keeps the line's height.
    const element = textBlock(codeLine.replace(/\s+$/, '') || '\u00a0', { fontType: 'Monospace' });
    if (position > 0) element.spacing = 'None';
    return element;
  });
  return { type: 'Container', style: 'emphasis', items };
}
