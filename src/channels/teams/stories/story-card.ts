// One story version as one Adaptive Card: title, version with its one-line change, the body, and
// a Versions button. When the body does not fit the message budget, it continues on further cards
// (each headed "… (continued)"), breaking between elements — grid rows included — and, for a
// single element still too big, between the columns of a row or the paragraphs of a text.
import { createCard, textBlock, type AdaptiveCard, type CardElement, type SubmitAction } from '../render/adaptive-card-types.js';
import { CARD_BUDGET_CHARACTERS, cardSizeInCharacters } from '../render/message-budget.js';
import { storyVersionsAction } from './story-actions.js';

export interface StoryCardHeader {
  slug: string;
  title: string;
  version: number;
  /** What this version changed, in one line. */
  summary: string;
  /** Set when an older version is posted again: says which version is the latest. */
  latestVersion?: number;
}

/** Room kept on the last card for its buttons. */
const ACTIONS_RESERVE_CHARACTERS = 300;

export function storyHeaderElements(header: StoryCardHeader): CardElement[] {
  const versionLine =
    header.latestVersion !== undefined && header.latestVersion !== header.version
      ? `Version ${header.version} (posted again on request; the latest is v${header.latestVersion}) · ${header.summary}`
      : `Version ${header.version} · ${header.summary}`;
  return [textBlock(header.title, { size: 'Large', weight: 'Bolder' }), textBlock(versionLine, { isSubtle: true, spacing: 'None' })];
}

export function buildStoryCards(header: StoryCardHeader, body: CardElement[], budget = CARD_BUDGET_CHARACTERS): AdaptiveCard[] {
  const limit = budget - ACTIONS_RESERVE_CHARACTERS;
  const continuation = [textBlock(`${header.title} — v${header.version} (continued)`, { isSubtle: true })];
  const pages: CardElement[][] = [storyHeaderElements(header)];
  const queue = [...body];
  while (queue.length > 0) {
    const element = queue.shift()!;
    const page = pages[pages.length - 1]!;
    if (cardSizeInCharacters(createCard([...page, element])) <= limit) {
      page.push(element);
      continue;
    }
    const fresh = [...continuation];
    if (cardSizeInCharacters(createCard([...fresh, element])) <= limit) {
      pages.push([...fresh, element]);
      continue;
    }
    const pieces = splitElement(element, limit - cardSizeInCharacters(createCard(fresh)));
    if (pieces.length > 1) queue.unshift(...pieces);
    else pages.push([...fresh, ...pieces]);
  }
  const actions: SubmitAction[] = [storyVersionsAction(header.slug)];
  return pages.map((page, index) => createCard(page, index === pages.length - 1 ? actions : []));
}

/** Smaller elements that show the same thing, or the element shortened when it cannot be split. */
function splitElement(element: CardElement, room: number): CardElement[] {
  if (element.type === 'ColumnSet') {
    // Column by column, each kept whole (a chart's title stays with its image).
    return element.columns.flatMap((column): CardElement[] => (column.items && column.items.length > 0 ? [{ type: 'Container', items: column.items }] : []));
  }
  if (element.type === 'Container' && element.items.length > 1) return element.items;
  if (element.type === 'TextBlock') {
    const paragraphs = element.text.split('\n\n');
    if (paragraphs.length > 1) {
      const half = Math.ceil(paragraphs.length / 2);
      return [{ ...element, text: paragraphs.slice(0, half).join('\n\n') }, { ...element, text: paragraphs.slice(half).join('\n\n') }];
    }
    const keep = Math.max(1, Math.floor(room * 0.9) - 200);
    return [{ ...element, text: `${element.text.slice(0, keep)}…` }];
  }
  return [element];
}
