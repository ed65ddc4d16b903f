// Which Teams activities show the newest posted version of each story in a thread, so the next
// version can turn them into "Superseded by vN" cards (a PUT needs the activity id, and neither the
// next message nor the connector tells us which activities the bot sent earlier). Kept as small
// per-thread values behind `ThreadValues`: in memory by default, restart-safe when the composition
// root backs it with the state store (see docs/teams.md, "Stories").
export interface ThreadValues {
  get(threadId: string, key: string): Promise<string | undefined>;
  set(threadId: string, key: string, value: string): Promise<void>;
}

export interface PostedStoryCards {
  version: number;
  /** The card's activity id, or several when the story needed more than one card. */
  activityIds: string[];
}

export interface StoryCardLedger {
  current(threadId: string, slug: string): Promise<PostedStoryCards | undefined>;
  setCurrent(threadId: string, slug: string, cards: PostedStoryCards): Promise<void>;
}

export function storyCardKey(slug: string): string {
  return `teams.story-cards.${slug}`;
}

export function createStoryCardLedger(values: ThreadValues): StoryCardLedger {
  return {
    async current(threadId, slug) {
      const stored = await values.get(threadId, storyCardKey(slug));
      return stored === undefined ? undefined : readPostedStoryCards(stored);
    },
    setCurrent: (threadId, slug, cards) => values.set(threadId, storyCardKey(slug), JSON.stringify(cards)),
  };
}

/** Lost on restart; the default until the composition root passes store-backed values. */
export function createMemoryThreadValues(): ThreadValues {
  const values = new Map<string, string>();
  const keyOf = (threadId: string, key: string) => JSON.stringify([threadId, key]);
  return {
    get: async (threadId, key) => values.get(keyOf(threadId, key)),
    set: async (threadId, key, value) => {
      values.set(keyOf(threadId, key), value);
    },
  };
}

function readPostedStoryCards(stored: string): PostedStoryCards | undefined {
  try {
    const parsed = JSON.parse(stored) as Partial<PostedStoryCards>;
    if (typeof parsed.version !== 'number' || !Array.isArray(parsed.activityIds)) return undefined;
    return { version: parsed.version, activityIds: parsed.activityIds.filter((id): id is string => typeof id === 'string') };
  } catch {
    return undefined;
  }
}
