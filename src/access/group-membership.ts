// Which groups a person belongs to: platform groups (Slack user groups, Entra ID groups) from
// the readers the channels add, then the config's named groups whose members name the person
// or one of those platform groups. Platform-free: a channel hands in how to read its groups.
import type { Logger } from '../logging/logger.js';
import type { Platform } from '../support/platforms.js';
import type { Clock } from '../support/clock-and-ids.js';
import type { AccessSubject } from './access-rules.js';
import { NAMED_GROUP_PREFIX } from '../support/group-entries.js';
import { MembershipCache } from './membership-cache.js';
import { personListMatches } from './person-lists.js';

/** `groups:` from the config: a name and its members (people and platform groups). */
export type NamedGroups = Readonly<Record<string, readonly string[]>>;

/** The platform group entries (with their prefix, e.g. `slack-group:S…`) this person belongs to. */
type PlatformGroupReader = (subject: AccessSubject) => Promise<string[]>;

export interface GroupMembershipOptions {
  namedGroups: NamedGroups;
  clock: Clock;
  logger: Logger;
}

export class GroupMembership {
  private readonly readers = new Map<Platform, PlatformGroupReader>();

  constructor(private readonly options: GroupMembershipOptions) {}

  /** A platform whose groups are read one group at a time (Slack): members cached per group. */
  addMemberListReader(platform: Platform, prefix: string, groupIds: readonly string[], listMembers: (groupId: string) => Promise<readonly string[]>, refreshMs?: number): void {
    if (groupIds.length === 0) return;
    const cache = new MembershipCache(
      listMembers,
      this.options.clock,
      (groupId, error) => this.options.logger.warn('Could not read the members of a group; the last members known are used.', { group: `${prefix}${groupId}`, error }),
      refreshMs,
    );
    this.readers.set(platform, async (subject) => {
      const member = await Promise.all(groupIds.map(async (groupId) => ((await cache.membersOf(groupId)).has(subject.userId) ? `${prefix}${groupId}` : undefined)));
      return member.filter((entry): entry is string => entry !== undefined);
    });
  }

  /**
   * A platform that answers "which of these groups is this person in" per person (Entra ID): the
   * answer is cached per person for the refresh period, and a failed read keeps the last answer.
   */
  addPersonGroupReader(platform: Platform, prefix: string, groupIds: readonly string[], groupsOf: (userId: string) => Promise<readonly string[]>, refreshMs?: number): void {
    if (groupIds.length === 0) return;
    const cache = new MembershipCache(
      groupsOf,
      this.options.clock,
      (userId, error) => this.options.logger.warn('Could not read the groups of a person; the groups last known are used.', { userId, error }),
      refreshMs,
    );
    const named = new Set(groupIds);
    this.readers.set(platform, async (subject) => [...(await cache.membersOf(subject.userId))].filter((groupId) => named.has(groupId)).map((groupId) => `${prefix}${groupId}`));
  }

  /** The subject with every group entry it belongs to; platform groups it already carries (token claims) are kept. */
  async withGroups(subject: AccessSubject): Promise<AccessSubject> {
    const reader = this.readers.get(subject.platform);
    const platformGroups = new Set(subject.groups ?? []);
    if (reader) {
      try {
        for (const entry of await reader(subject)) platformGroups.add(entry);
      } catch (error) {
        this.options.logger.warn('Could not read the groups of a person; only the groups of the config apply.', { userId: subject.userId, error });
      }
    }
    const withPlatform = { ...subject, groups: [...platformGroups] };
    const named = Object.entries(this.options.namedGroups)
      .filter(([, members]) => personListMatches(members, withPlatform))
      .map(([name]) => `${NAMED_GROUP_PREFIX}${name}`);
    return { ...subject, groups: [...platformGroups, ...named] };
  }
}
