// Where a chart is shown decides its canvas. Chat clients scale an image down to their own width,
// so text is drawn at a size that stays readable at the narrowest display width of its placement:
// every label at least MIN_TEXT_DISPLAY_PX, titles at least MIN_TITLE_DISPLAY_PX, as the reader
// sees them. The PNG keeps 2× pixel density for sharpness (render-chart-png.ts).

/**
 * - `thread_image`: the answer image in a Slack thread (previewed 360–480 px wide) and the
 *   terminal's PNG files;
 * - `card_image`: an image in a Teams Adaptive Card: 382 px wide inside the padding of a card
 *   414 px wide (a chat on a phone, the narrowest place a card is shown);
 * - `grid_cell`: one cell of a story's side-by-side grid (about 240 px).
 */
export const chartPlacements = ['thread_image', 'card_image', 'grid_cell'] as const;
export type ChartPlacement = (typeof chartPlacements)[number];

export const MIN_TEXT_DISPLAY_PX = 11;
export const MIN_TITLE_DISPLAY_PX = 14;
/** Sizes drawn a little above the minimums, so rounding in the client never takes them under. */
const TEXT_DISPLAY_PX = 11.5;
const TITLE_DISPLAY_PX = 15;

interface PlacementCanvas {
  widthPx: number;
  heightPx: number;
  /** The narrowest width the client shows the image at. */
  displayWidthPx: number;
}

const PLACEMENT_CANVAS: Record<ChartPlacement, PlacementCanvas> = {
  // Drawn for 480 (the widest preview, so 2× stays sharp there) and sized for 360 (the narrowest).
  thread_image: { widthPx: 480, heightPx: 300, displayWidthPx: 360 },
  // Drawn at the width Teams shows it: the 2× PNG is only ever shown smaller by the client, and
  // drawn again at 1× (never shrunk) when a card cannot carry its bytes.
  card_image: { widthPx: 382, heightPx: 260, displayWidthPx: 382 },
  grid_cell: { widthPx: 300, heightPx: 240, displayWidthPx: 240 },
};

export interface ChartLayout {
  placement: ChartPlacement;
  widthPx: number;
  heightPx: number;
  displayWidthPx: number;
  padding: { left: number; right: number; top: number; bottom: number };
  /** Logical font sizes (px on the canvas), already scaled for the display width. */
  textPx: number;
  titlePx: number;
  /** Whether a legend beside the plot still leaves the plot room; otherwise it goes below. */
  roomForSideLegend: boolean;
}

export function chartLayout(placement: ChartPlacement): ChartLayout {
  const canvas = PLACEMENT_CANVAS[placement];
  const scale = canvas.widthPx / canvas.displayWidthPx;
  // Rounded up to a half pixel: never below the display minimum after scaling down.
  const logical = (displayPx: number) => Math.ceil(displayPx * scale * 2) / 2;
  const textPx = logical(TEXT_DISPLAY_PX);
  return {
    placement,
    ...canvas,
    padding: { left: Math.round(textPx * 0.7), right: Math.round(textPx), top: Math.round(textPx * 0.7), bottom: Math.round(textPx * 0.6) },
    textPx,
    titlePx: logical(TITLE_DISPLAY_PX),
    roomForSideLegend: canvas.widthPx / textPx >= 30,
  };
}

/** The size a logical font size appears at, at the placement's narrowest display width. */
export function displayedSizePx(layout: Pick<ChartLayout, 'widthPx' | 'displayWidthPx'>, logicalPx: number): number {
  return (logicalPx * layout.displayWidthPx) / layout.widthPx;
}
