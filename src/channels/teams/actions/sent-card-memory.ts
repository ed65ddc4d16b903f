// Cards with buttons that were sent, by activity id, so a click can update that card (the click
// activity only names the card, it does not carry it). Kept in memory with a size cap: after a
// restart an old card keeps its buttons, but the engine's dedupe still runs each button once.
import type { AnswerMarks } from '../outbox/ai-answer.js';
import type { AdaptiveCard } from '../render/adaptive-card-types.js';
import { cardSizeInCharacters } from '../render/message-budget.js';

/** About a few hundred answer cards with an inline chart each. */
export const SENT_CARD_MEMORY_CHARACTERS = 20_000_000;

export class SentCardMemory {
  private readonly cards = new Map<string, { card: AdaptiveCard; marks: AnswerMarks | undefined; size: number }>();
  private totalSize = 0;

  constructor(private readonly capacityCharacters = SENT_CARD_MEMORY_CHARACTERS) {}

  /** `marks`: the AI answer marks it was sent with, so an update keeps its label and 👍/👎. */
  remember(activityId: string, card: AdaptiveCard, marks?: AnswerMarks): void {
    this.forget(activityId);
    const size = cardSizeInCharacters(card);
    this.cards.set(activityId, { card, marks, size });
    this.totalSize += size;
    for (const [oldestId] of this.cards) {
      if (this.totalSize <= this.capacityCharacters) break;
      this.forget(oldestId);
    }
  }

  /** Returns the card once: the first click resolves it, later clicks find nothing to update. */
  take(activityId: string): AdaptiveCard | undefined {
    const entry = this.cards.get(activityId);
    if (entry) this.forget(activityId);
    return entry?.card;
  }

  /** The card and its marks, kept: for a click that changes only a part of it (Verify). */
  peek(activityId: string): { card: AdaptiveCard; marks: AnswerMarks | undefined } | undefined {
    const entry = this.cards.get(activityId);
    return entry ? { card: entry.card, marks: entry.marks } : undefined;
  }

  private forget(activityId: string): void {
    const entry = this.cards.get(activityId);
    if (!entry) return;
    this.cards.delete(activityId);
    this.totalSize -= entry.size;
  }
}
