// Who is asking: users.info (name, email, time zone) for the audit trail and new schedules, cached in memory with a TTL because
// one thread sends many messages and users.info is rate limited (Tier 4). A lookup failure never
// blocks the turn: the actor then carries only the user id, and the failure is logged once.
import type { Actor } from '../../../store/types.js';
import type { SlackWebClient } from '../types.js';
import type { ChannelLogger } from '../../channel-logger.js';

export const DEFAULT_USER_CACHE_TTL_MS = 10 * 60 * 1000;

interface CachedActor {
  actor: Actor;
  expiresAtMs: number;
}

export interface UserDirectory {
  lookUp(userId: string): Promise<Actor>;
}

export function createUserDirectory(options: {
  client: SlackWebClient;
  logger: ChannelLogger;
  now: () => Date;
  ttlMs?: number;
}): UserDirectory {
  const cache = new Map<string, CachedActor>();
  const ttlMs = options.ttlMs ?? DEFAULT_USER_CACHE_TTL_MS;
  let warnedAboutFailure = false;
  return {
    async lookUp(userId) {
      const nowMs = options.now().getTime();
      const cached = cache.get(userId);
      if (cached && cached.expiresAtMs > nowMs) return cached.actor;
      try {
        const response = await options.client.users.info({ user: userId });
        const user = response.user;
        const actor: Actor = { platform: 'slack', userId };
        const displayName = user?.profile?.display_name || user?.real_name || user?.name;
        if (displayName) actor.displayName = displayName;
        if (user?.profile?.email) actor.email = user.profile.email;
        // The person's own zone: a schedule they ask for runs on their clock unless they name another.
        if (user?.tz) actor.timeZone = user.tz;
        cache.set(userId, { actor, expiresAtMs: nowMs + ttlMs });
        return actor;
      } catch (error) {
        if (!warnedAboutFailure) {
          warnedAboutFailure = true;
          options.logger.warn('Slack users.info failed; turns carry only the user id. Add the users:read and users:read.email scopes and reinstall the app.', { error });
        }
        return { platform: 'slack', userId };
      }
    },
  };
}
