// Whether a table's columns fit a Teams card without breaking a word, and how wide each gets.
// Microsoft's renderer gives Table columns shares of the card's width and breaks a word that does
// not fit its column anywhere ("Si/ng/ap/or/e"); so each column needs at least the width of its
// longest word, measured in a font at least as wide as Teams' own, plus the cell's padding.
import { measureTextWidth } from '../../../charts/text-measure.js';

/** A card in a Teams chat on a phone, the narrowest place it is shown (charts are drawn for it too). */
export const CARD_WIDTH_PX = 414;
/** The card's padding on each side. */
const CARD_PADDING_PX = 16;
export const CARD_CONTENT_WIDTH_PX = CARD_WIDTH_PX - 2 * CARD_PADDING_PX;
/** A grid cell's padding on both sides plus its border, and a little room for rounding. */
const CELL_OVERHEAD_PX = 20;
/** Teams' default text size in a card. */
const CARD_TEXT_PX = 14;
/** A cell's preferred width is never more than this many times its longest word (long text wraps). */
const PREFERRED_TO_WORD_RATIO = 2.5;

/** What a cell's Markdown shows: a link's text without its address, no emphasis marks. */
function shownText(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|__|`/g, '');
}

function measuredPx(text: string, bold: boolean): number {
  return measureTextWidth(text, CARD_TEXT_PX, bold ? '600' : 'normal');
}

function lineWidthPx(markdown: string, bold: boolean): number {
  return measuredPx(shownText(markdown), bold);
}

function longestWordPx(markdown: string, bold: boolean): number {
  return Math.max(0, ...shownText(markdown).split(/\s+/).map((word) => measuredPx(word, bold)));
}

export interface ColumnNeeds {
  /** The longest word of the column (header included), with the cell's padding. */
  minimumPx: number;
  /** The longest cell on one line, with padding, within PREFERRED_TO_WORD_RATIO of the minimum. */
  preferredPx: number;
}

/** Header row first (drawn bold), as in the card. */
export function columnNeeds(header: string[], rows: string[][]): ColumnNeeds[] {
  return header.map((title, column) => {
    const cells = rows.map((row) => row[column] ?? '');
    const word = Math.max(longestWordPx(title, true), ...cells.map((cell) => longestWordPx(cell, false)));
    const line = Math.max(lineWidthPx(title, true), ...cells.map((cell) => lineWidthPx(cell, false)));
    return { minimumPx: Math.ceil(word + CELL_OVERHEAD_PX), preferredPx: Math.ceil(Math.min(line, word * PREFERRED_TO_WORD_RATIO) + CELL_OVERHEAD_PX) };
  });
}

/**
 * Column widths in pixels that add up to at most `availablePx`, each at least its minimum: the
 * preferred widths when they fit, otherwise the minimums plus the room left shared in proportion
 * to what each column still wants. Undefined when even the minimums do not fit.
 */
export function fitColumnWidths(needs: ColumnNeeds[], availablePx = CARD_CONTENT_WIDTH_PX): number[] | undefined {
  const minimum = needs.reduce((sum, need) => sum + need.minimumPx, 0);
  if (minimum > availablePx) return undefined;
  const preferred = needs.reduce((sum, need) => sum + need.preferredPx, 0);
  if (preferred <= availablePx) return needs.map((need) => need.preferredPx);
  const share = (availablePx - minimum) / (preferred - minimum);
  return needs.map((need) => Math.floor(need.minimumPx + (need.preferredPx - need.minimumPx) * share));
}
