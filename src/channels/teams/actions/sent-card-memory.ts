// Cards with buttons that were sent, by activity id, so a click can update that card (the click
// activity only names the card, it does not carry it). Kept in memory with a size cap: after a
// restart an old card keeps its buttons, but the engine's dedupe still runs each button once.
import type { AdaptiveCard } from '../render/adaptive-card-types.js';
import { cardSizeInCharacters } from '../render/message-budget.js';

/** About a few hundred answer cards with an inline chart each. */
export const SENT_CARD_MEMORY_CHARACTERS = 20_000_000;

export class SentCardMemory {
  private readonly cards = new Map<string, { card: AdaptiveCard; size: number }>();
  private totalSize = 0;

  constructor(private readonly capacityCharacters = SENT_CARD_MEMORY_CHARACTERS) {}

  remember(activityId: string, card: AdaptiveCard): void {
    this.forget(activityId);
    const size = cardSizeInCharacters(card);
    this.cards.set(activityId, { card, size });
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

  private forget(activityId: string): void {
    const entry = this.cards.get(activityId);
    if (!entry) return;
    this.cards.delete(activityId);
    this.totalSize -= entry.size;
  }
}
