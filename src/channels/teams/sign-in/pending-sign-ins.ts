// Which questions wait for whose sign-in, kept restart-safe in the per-thread values (store-backed
// in production): one small JSON list per person, under the pseudo thread id
// `teams-sign-in:<Entra object id>`. An entry holds the thread, the refused turn's request (who,
// where; the question itself is in the thread's history) and where to post the answer. No token
// is ever written here. When the person signs in, the list is taken (emptied) and each entry is
// resumed once.
import { randomUUID } from 'node:crypto';
import type { TurnRequest } from '../../../conversations/types.js';
import type { ThreadValues } from '../stories/story-card-ledger.js';
import type { ReplyTarget } from '../types.js';

/** A question older than this is not resumed after a sign-in (the person has moved on). */
export const PENDING_SIGN_IN_TTL_MS = 60 * 60_000;
/** Per person; the oldest entries go first. */
export const PENDING_SIGN_INS_PER_USER = 10;
export const PENDING_SIGN_INS_KEY = 'teams.pending-sign-ins';

export interface PendingSignIn {
  /** Unique per refused turn: the resumed turn's dedupe key is built from it. */
  id: string;
  threadId: string;
  /** The refused turn's request, without its dedupe keys. */
  request: TurnRequest;
  parties: ReplyTarget;
  createdAtMs: number;
}

export function pendingSignInOwner(aadObjectId: string): string {
  return `teams-sign-in:${aadObjectId}`;
}

export class PendingSignIns {
  /** Read-modify-write of one person's list, one at a time in this process. */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly values: ThreadValues,
    private readonly now: () => Date,
    private readonly createId: () => string = randomUUID,
  ) {}

  async remember(aadObjectId: string, request: TurnRequest, parties: ReplyTarget): Promise<PendingSignIn> {
    const { eventKey: _eventKey, extraEventKeys: _extraEventKeys, ...rest } = request;
    const entry: PendingSignIn = { id: this.createId(), threadId: request.threadId, request: rest, parties, createdAtMs: this.now().getTime() };
    await this.update(aadObjectId, (entries) => [...entries.filter((existing) => existing.threadId !== entry.threadId), entry].slice(-PENDING_SIGN_INS_PER_USER));
    return entry;
  }

  /** The person's waiting questions that are still fresh; the list is emptied. */
  async take(aadObjectId: string): Promise<PendingSignIn[]> {
    let taken: PendingSignIn[] = [];
    await this.update(aadObjectId, (entries) => {
      taken = entries;
      return [];
    });
    return taken;
  }

  private update(aadObjectId: string, change: (entries: PendingSignIn[]) => PendingSignIn[]): Promise<void> {
    const owner = pendingSignInOwner(aadObjectId);
    const previous = this.chains.get(owner) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const stored = await this.values.get(owner, PENDING_SIGN_INS_KEY);
        const fresh = readEntries(stored).filter((entry) => this.now().getTime() - entry.createdAtMs < PENDING_SIGN_IN_TTL_MS);
        const changed = change(fresh);
        if (stored === undefined && changed.length === 0) return;
        await this.values.set(owner, PENDING_SIGN_INS_KEY, JSON.stringify(changed));
      });
    const tail = next.catch(() => undefined);
    this.chains.set(owner, tail);
    void tail.then(() => {
      if (this.chains.get(owner) === tail) this.chains.delete(owner);
    });
    return next;
  }
}

function readEntries(stored: string | undefined): PendingSignIn[] {
  if (stored === undefined) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<PendingSignIn>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.threadId === 'string' &&
    typeof entry.createdAtMs === 'number' &&
    typeof entry.request === 'object' &&
    entry.request !== null &&
    typeof entry.parties === 'object' &&
    entry.parties !== null
  );
}
