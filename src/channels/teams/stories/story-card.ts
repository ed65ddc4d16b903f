// One story version as one Adaptive Card: title, version with its one-line change, the body, and
// a Versions button. When the body does not fit the message budget, it continues on further cards
// (each headed "… (continued)"), breaking between elements — grid rows included — and, for a
// single element still too big, inside it (card-pages.ts); the Versions button is on the last card.
import { textBlock, type AdaptiveCard, type CardElement } from '../render/adaptive-card-types.js';
import { layOutCardPages } from '../render/card-pages.js';
import { CARD_BUDGET_CHARACTERS } from '../render/message-budget.js';
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

export function storyHeaderElements(header: StoryCardHeader): CardElement[] {
  const versionLine =
    header.latestVersion !== undefined && header.latestVersion !== header.version
      ? `Version ${header.version} (posted again on request; the latest is v${header.latestVersion}) · ${header.summary}`
      : `Version ${header.version} · ${header.summary}`;
  return [textBlock(header.title, { size: 'Large', weight: 'Bolder' }), textBlock(versionLine, { isSubtle: true, spacing: 'None' })];
}

export function buildStoryCards(header: StoryCardHeader, body: CardElement[], budget = CARD_BUDGET_CHARACTERS): AdaptiveCard[] {
  return layOutCardPages(body, {
    lead: storyHeaderElements(header),
    continuation: [textBlock(`${header.title} — v${header.version} (continued)`, { isSubtle: true })],
    actions: [storyVersionsAction(header.slug)],
    budgetCharacters: budget,
  });
}
