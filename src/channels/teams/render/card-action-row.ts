// Which of a card's buttons sit in its one row, and which go to its overflow menu ("…", Adaptive
// Cards 1.5 `mode: "secondary"`). Teams lays the row out in one line and cuts every title that does
// not fit its share ("Compare with la…", "C…"); in the menu a title is shown whole. Secondary
// buttons (Show SQL, CSV) always go to the menu; the primary ones (follow-ups, answers to a
// question) stay in the row, in order, as long as each title fits an equal share of the row beside
// the "…" button at the width of a card on a phone.
import { measureTextWidth } from '../../../charts/text-measure.js';
import type { CardAction } from './adaptive-card-types.js';
import { CARD_CONTENT_WIDTH_PX } from './table-fit.js';

/** Teams' button text: 14 px, semibold. */
const BUTTON_TEXT_PX = 14;
/** A button's padding on both sides, its border and a little room for rounding. */
const BUTTON_OVERHEAD_PX = 30;
/** The gap between two buttons of the row. */
const BUTTON_GAP_PX = 8;

function buttonWidthPx(action: CardAction): number {
  return measureTextWidth(action.title, BUTTON_TEXT_PX, '600') + BUTTON_OVERHEAD_PX;
}

function rowFits(shown: CardAction[], withOverflowButton: boolean, rowWidthPx: number): boolean {
  const buttons = shown.length + (withOverflowButton ? 1 : 0);
  if (buttons === 0) return true;
  const share = (rowWidthPx - BUTTON_GAP_PX * (buttons - 1)) / buttons;
  return shown.every((action) => buttonWidthPx(action) <= share);
}

export function arrangeCardActions(primary: CardAction[], secondary: CardAction[] = [], rowWidthPx = CARD_CONTENT_WIDTH_PX): CardAction[] {
  let shownCount = primary.length;
  while (shownCount > 0 && !rowFits(primary.slice(0, shownCount), shownCount < primary.length || secondary.length > 0, rowWidthPx)) shownCount -= 1;
  const inMenu = [...primary.slice(shownCount), ...secondary].map((action): CardAction => ({ ...action, mode: 'secondary' }));
  return [...primary.slice(0, shownCount), ...inMenu];
}
