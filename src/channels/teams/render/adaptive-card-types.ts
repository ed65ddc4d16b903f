// The slice of the Adaptive Cards 1.5 schema that datathread sends. Optional properties are only
// set when they differ from the schema default, so a card survives a parse/serialise round trip
// through the official parser unchanged (that is how the tests check every card).

export const ADAPTIVE_CARD_VERSION = '1.5';
export const ADAPTIVE_CARD_SCHEMA_URL = 'http://adaptivecards.io/schemas/adaptive-card.json';

export type Spacing = 'None' | 'Small' | 'Medium' | 'Large';

export interface TextBlockElement {
  type: 'TextBlock';
  /** Names the block so a later update can find it (a scheduled post's status line). */
  id?: string;
  text: string;
  wrap?: true;
  size?: 'Small' | 'Medium' | 'Large' | 'ExtraLarge';
  weight?: 'Bolder' | 'Lighter';
  fontType?: 'Monospace';
  isSubtle?: true;
  color?: 'Attention' | 'Good' | 'Warning' | 'Accent';
  spacing?: Spacing;
}

export interface ImageElement {
  type: 'Image';
  url: string;
  altText: string;
}

export interface TableCellElement {
  type: 'TableCell';
  items: TextBlockElement[];
}

export interface TableRowElement {
  type: 'TableRow';
  cells: TableCellElement[];
}

export interface TableColumnDefinition {
  width: number;
  horizontalCellContentAlignment?: 'Left' | 'Right';
}

export interface TableElement {
  type: 'Table';
  columns: TableColumnDefinition[];
  rows: TableRowElement[];
}

/** Label/value pairs: a table row stacked when the table's columns do not fit the card. */
export interface FactSetElement {
  type: 'FactSet';
  facts: { title: string; value: string }[];
  separator?: true;
  spacing?: Spacing;
}

export interface ContainerElement {
  type: 'Container';
  items: CardElement[];
  style?: 'emphasis';
  spacing?: Spacing;
}

/** One column of a ColumnSet; `width` is a relative weight (a number, as grids use it) or pixels (an indent). */
export interface ColumnElement {
  type: 'Column';
  /** Left out for an empty column (the parser drops an empty list). */
  items?: CardElement[];
  width: number | `${number}px`;
}

export interface ColumnSetElement {
  type: 'ColumnSet';
  columns: ColumnElement[];
  spacing?: Spacing;
}

/** Buttons inside the body (Adaptive Cards 1.2): one per set stretches over the card's width. */
export interface ActionSetElement {
  type: 'ActionSet';
  actions: CardAction[];
  spacing?: Spacing;
}

/** A one-line text field (a form inside an Action.ShowCard); its value comes back under `id` in the submit's data. */
export interface InputTextElement {
  type: 'Input.Text';
  id: string;
  label: string;
  value?: string;
  placeholder?: string;
  maxLength?: number;
  isRequired?: true;
  errorMessage?: string;
}

export type CardElement = TextBlockElement | ImageElement | TableElement | FactSetElement | ContainerElement | ColumnSetElement | ActionSetElement | InputTextElement;

/** What a button click carries back to the bot (Teams puts it in `activity.value`). */
export interface CardActionData {
  datathread: 'follow_up' | 'clarification_answer' | 'retry';
  text: string;
  index: number;
}

/** Story buttons: list a story's versions, or post one of them again. Handled by the channel, not the engine. */
export type StoryActionData =
  | { datathread: 'story_versions'; slug: string }
  | { datathread: 'story_repost'; slug: string; version: number };

/** CSV: the channel answers with a signed, expiring download link to the stored result. */
export interface CsvActionData {
  datathread: 'csv';
  queryId: string;
}

/** Under a memory note: take back a channel memory; approve or reject a workspace one (verifiers). Handled by the channel, not the engine. */
export interface MemoryActionData {
  datathread: 'memory_undo' | 'memory_approve' | 'memory_reject';
  memoryId: string;
}

/** Verify: the channel stores the answer's query as a verified query (verifiers only). */
export interface VerifyActionData {
  datathread: 'verify';
  answer: string;
}

/** A scheduled post's Pause / Edit time / Delete (the owner and admins only). */
export interface ScheduleActionData {
  datathread: 'schedule_pause' | 'schedule_resume' | 'schedule_edit_time' | 'schedule_delete';
  scheduleId: string;
}

/** Confirm / Cancel under a proposed schedule (the asker and admins only). */
export interface ScheduleConfirmationActionData {
  datathread: 'schedule_confirm' | 'schedule_cancel';
  proposalId: string;
}

/** `secondary`: in the card's overflow menu ("…") instead of its row of buttons (Adaptive Cards 1.5). */
export type ActionMode = 'secondary';

export interface SubmitAction {
  type: 'Action.Submit';
  title: string;
  data: CardActionData | StoryActionData | CsvActionData | MemoryActionData | VerifyActionData | ScheduleActionData | ScheduleConfirmationActionData;
  mode?: ActionMode;
  /** Adaptive Cards 1.2: a green (positive) or red (destructive) button. */
  style?: 'positive' | 'destructive';
}

export interface OpenUrlAction {
  type: 'Action.OpenUrl';
  title: string;
  url: string;
  mode?: ActionMode;
}

/** Opens a card under the message, in the clicker's client only: nothing is sent to the bot. */
export interface ShowCardAction {
  type: 'Action.ShowCard';
  title: string;
  card: { type: 'AdaptiveCard'; body: CardElement[]; actions?: CardAction[] };
  mode?: ActionMode;
}

export type CardAction = SubmitAction | ShowCardAction | OpenUrlAction;

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: string;
  version: typeof ADAPTIVE_CARD_VERSION;
  body: CardElement[];
  actions?: CardAction[];
  /** Teams-only extension: use the full width of the thread (tables and charts need it). */
  msteams?: { width: 'Full' };
}

export function createCard(body: CardElement[], actions: CardAction[] = []): AdaptiveCard {
  const card: AdaptiveCard = {
    type: 'AdaptiveCard',
    $schema: ADAPTIVE_CARD_SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body,
    msteams: { width: 'Full' },
  };
  if (actions.length > 0) card.actions = actions;
  return card;
}

/** Whether the card has anything to click: its action row, or buttons stacked in its body. */
export function cardHasButtons(card: AdaptiveCard): boolean {
  return (card.actions?.length ?? 0) > 0 || card.body.some((element) => element.type === 'ActionSet');
}

export function textBlock(text: string, options: Omit<TextBlockElement, 'type' | 'text' | 'wrap'> = {}): TextBlockElement {
  return { type: 'TextBlock', text, wrap: true, ...options };
}
