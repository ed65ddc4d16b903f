// Members of a platform group, read from the platform at most once per refresh period. A read
// that fails keeps the last members known (an outage must not empty a group mid-day); with
// nothing known yet the group counts as empty, so a failure never grants more. The same cache keeps
// a person's groups (Entra ID), keyed by the person instead of the group.
import type { Clock } from '../support/clock-and-ids.js';

/** Group membership changes on the platform take effect within this time, without a restart. */
export const GROUP_MEMBERSHIP_REFRESH_MS = 5 * 60_000;

interface CachedMembers {
  members: ReadonlySet<string>;
  readAtMs: number;
}

export class MembershipCache {
  private readonly cached = new Map<string, CachedMembers>();
  private readonly reading = new Map<string, Promise<ReadonlySet<string>>>();

  constructor(
    private readonly listMembers: (groupId: string) => Promise<readonly string[]>,
    private readonly clock: Clock,
    private readonly onReadFailed: (groupId: string, error: unknown) => void,
    private readonly refreshMs = GROUP_MEMBERSHIP_REFRESH_MS,
  ) {}

  async membersOf(groupId: string): Promise<ReadonlySet<string>> {
    const known = this.cached.get(groupId);
    if (known && this.clock().getTime() - known.readAtMs < this.refreshMs) return known.members;
    // Turns that start together share one read.
    const pending = this.reading.get(groupId) ?? this.read(groupId, known);
    this.reading.set(groupId, pending);
    return pending;
  }

  private async read(groupId: string, known: CachedMembers | undefined): Promise<ReadonlySet<string>> {
    try {
      const members = new Set(await this.listMembers(groupId));
      this.cached.set(groupId, { members, readAtMs: this.clock().getTime() });
      return members;
    } catch (error) {
      this.onReadFailed(groupId, error);
      return known?.members ?? new Set();
    } finally {
      this.reading.delete(groupId);
    }
  }
}
