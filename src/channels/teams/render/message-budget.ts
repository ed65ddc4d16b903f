// Size limits for what one Teams message may carry, and how they were chosen.
//
// Teams measures a bot message as UTF-16 (two bytes per character of the JSON we send) and
// rejects it with 413 MessageSizeTooBig above about 100 KB; Microsoft recommends staying within
// 80 KB. The docs say base64 images are not counted, yet developers report 413s for card payloads
// that only fit once images are counted, so the budget counts everything, images included:
// 38,000 JSON characters for the card (76 KB as UTF-16) plus room for the activity envelope.
export const CARD_BUDGET_CHARACTERS = 38_000;

// One chart PNG may use 24 KB (32,000 base64 characters), which leaves room for a few paragraphs
// and a table beside it in the same card. Charts that do not fit beside the answer are sent as
// their own card, one per chart. Teams also caps inline images at 1024 × 1024 pixels.
export const CHART_IMAGE_BUDGET_BYTES = 24_000;
export const CHART_IMAGE_MAX_SIDE_PX = 1024;
/**
 * Charts are laid out for their display width (a story grid cell is shown about 240 px wide), so
 * the size of their text does not depend on the PNG's pixels; only sharpness does. Below this
 * width a chart would be blown up into a blur even in a grid cell: it is described, not shown.
 */
export const CHART_IMAGE_MIN_WIDTH_PX = 192;

export function cardSizeInCharacters(card: unknown): number {
  return JSON.stringify(card).length;
}
