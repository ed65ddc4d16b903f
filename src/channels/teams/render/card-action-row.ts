// Where a card's buttons go. Teams lays the card's action row out in one line and cuts every title
// that does not fit its share ("Compare with la…"); in the overflow menu ("…", Adaptive Cards 1.5
// `mode: "secondary"`) a title is shown whole but hidden behind a tap. Secondary buttons (Show SQL,
// CSV) always go to the menu. The primary ones (follow-ups, answers to a question) are what the
// reader acts on next, so they are never hidden: they stay in the row when every title fits an
// equal share of it beside the "…" button at the width of a card on a phone; otherwise each gets a
// row of its own, as a one-button ActionSet at the end of the body, which the renderer stretches to
// the card's full width.
import { measureTextWidth } from '../../../charts/text-measure.js';
import type { ActionSetElement, CardAction } from './adaptive-card-types.js';
import { CARD_CONTENT_WIDTH_PX } from './table-fit.js';

/** Teams' button text: 14 px, semibold. */
const BUTTON_TEXT_PX = 14;
const BUTTON_TEXT_WEIGHT = '600';
/** A button's padding on both sides, its border and a little room for rounding. */
const BUTTON_OVERHEAD_PX = 30;
/** The gap between two buttons of the row. */
const BUTTON_GAP_PX = 8;
const ELLIPSIS = '…';

export interface CardActionLayout {
  /** One full-width button per element, for the end of the card's body; empty when the row holds them. */
  stacked: ActionSetElement[];
  /** The card's action row: primary buttons that fit it, then the overflow menu's. */
  actions: CardAction[];
}

function titleWidthPx(title: string): number {
  return measureTextWidth(title, BUTTON_TEXT_PX, BUTTON_TEXT_WEIGHT) + BUTTON_OVERHEAD_PX;
}

function rowFits(primary: CardAction[], withOverflowButton: boolean, rowWidthPx: number): boolean {
  const buttons = primary.length + (withOverflowButton ? 1 : 0);
  if (buttons === 0) return true;
  const share = (rowWidthPx - BUTTON_GAP_PX * (buttons - 1)) / buttons;
  return primary.every((action) => titleWidthPx(action.title) <= share);
}

/**
 * The title as it fits one full-width button: whole when it fits, otherwise cut after the last
 * word that fits, with "…". A button's title is one line in Teams; the full question travels in
 * the click's data, so cutting the title never changes what is asked.
 */
export function fitButtonTitle(title: string, widthPx: number): string {
  if (titleWidthPx(title) <= widthPx) return title;
  const words = title.replace(/…$/u, '').split(/\s+/u);
  for (let count = words.length - 1; count > 0; count -= 1) {
    const shortened = `${words.slice(0, count).join(' ').replace(/[\s,;:.!?-]+$/u, '')}${ELLIPSIS}`;
    if (titleWidthPx(shortened) <= widthPx) return shortened;
  }
  // One word longer than the row: cut it where it fits.
  let characters = words[0]!.length;
  while (characters > 1 && titleWidthPx(`${words[0]!.slice(0, characters)}${ELLIPSIS}`) > widthPx) characters -= 1;
  return `${words[0]!.slice(0, characters)}${ELLIPSIS}`;
}

export function arrangeCardActions(primary: CardAction[], secondary: CardAction[] = [], rowWidthPx = CARD_CONTENT_WIDTH_PX): CardActionLayout {
  const inMenu = secondary.map((action): CardAction => ({ ...action, mode: 'secondary' }));
  if (rowFits(primary, inMenu.length > 0, rowWidthPx)) return { stacked: [], actions: [...primary, ...inMenu] };
  const stacked = primary.map((action, index): ActionSetElement => ({
    type: 'ActionSet',
    actions: [{ ...action, title: fitButtonTitle(action.title, rowWidthPx) }],
    // The buttons read as one list: the usual gap above the first, a small one between them.
    ...(index > 0 ? { spacing: 'Small' as const } : {}),
  }));
  return { stacked, actions: inMenu };
}
