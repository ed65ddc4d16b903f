// Buttons on datathread cards, and reading a click back. A click on Action.Submit arrives as a
// message activity whose `value` is the action's data and whose `replyToId` is the card's id.
import type { CardActionData, CsvActionData, MemoryActionData, ScheduleConfirmationActionData, StoryActionData, SubmitAction, VerifyActionData } from '../render/adaptive-card-types.js';

/** Teams cuts long button titles anyway; the full text travels in the data. */
export const BUTTON_TITLE_CHARACTER_LIMIT = 80;

export function submitAction(title: string, data: CardActionData | StoryActionData | CsvActionData | MemoryActionData | VerifyActionData | ScheduleConfirmationActionData): SubmitAction {
  const shortTitle = title.length > BUTTON_TITLE_CHARACTER_LIMIT ? `${title.slice(0, BUTTON_TITLE_CHARACTER_LIMIT - 1)}…` : title;
  return { type: 'Action.Submit', title: shortTitle, data };
}

export function followUpActions(followUps: string[]): SubmitAction[] {
  return followUps.map((text, index) => submitAction(text, { datathread: 'follow_up', text, index }));
}

export function clarificationActions(options: string[]): SubmitAction[] {
  return options.map((text, index) => submitAction(text, { datathread: 'clarification_answer', text, index }));
}

export function retryAction(): SubmitAction {
  return submitAction('Retry', { datathread: 'retry', text: '', index: 0 });
}

const ACTION_KINDS = new Set<CardActionData['datathread']>(['follow_up', 'clarification_answer', 'retry']);

/** The click's data when it came from one of our buttons; undefined for anything else. */
export function readCardAction(value: unknown): CardActionData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const kind = record.datathread;
  if (typeof kind !== 'string' || !ACTION_KINDS.has(kind as CardActionData['datathread'])) return undefined;
  const text = typeof record.text === 'string' ? record.text : '';
  const index = typeof record.index === 'number' && Number.isInteger(record.index) ? record.index : 0;
  return { datathread: kind as CardActionData['datathread'], text, index };
}
