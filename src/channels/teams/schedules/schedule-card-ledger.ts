// The card of each schedule's latest post. A click only names its card (replyToId), and a Teams
// update replaces the whole card, so the body (tables, charts) is kept to draw it again with the
// buttons of the new state. One per schedule, replaced by the next post: a click on an older post
// is answered with a small card of its own instead. Kept as a thread value (restart-safe when the
// composition root backs the values with the state store, as for story cards).
import type { AdaptiveCard } from '../render/adaptive-card-types.js';
import type { ThreadValues } from '../stories/story-card-ledger.js';

export interface PostedScheduleCard {
  activityId: string;
  card: AdaptiveCard;
}

export interface ScheduleCardLedger {
  latest(scheduleId: string): Promise<PostedScheduleCard | undefined>;
  remember(scheduleId: string, posted: PostedScheduleCard): Promise<void>;
}

const KEY = 'teams.schedule-card';

function threadOf(scheduleId: string): string {
  return `schedule:${scheduleId}`;
}

export function createScheduleCardLedger(values: ThreadValues): ScheduleCardLedger {
  return {
    async latest(scheduleId) {
      const stored = await values.get(threadOf(scheduleId), KEY);
      if (stored === undefined) return undefined;
      try {
        const parsed = JSON.parse(stored) as Partial<PostedScheduleCard>;
        return typeof parsed.activityId === 'string' && typeof parsed.card === 'object' && parsed.card !== null ? (parsed as PostedScheduleCard) : undefined;
      } catch {
        return undefined;
      }
    },
    remember: (scheduleId, posted) => values.set(threadOf(scheduleId), KEY, JSON.stringify(posted)),
  };
}
