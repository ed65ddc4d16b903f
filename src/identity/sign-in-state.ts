// The `state` of a Slack account-linking sign-in: which Slack user it links and which question to
// resume, signed with HMAC-SHA256 (a key derived from DATATHREAD_ENCRYPTION_KEY) and valid for
// 10 minutes. It travels in the link, through Microsoft's authorize page and back to the callback.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../support/clock-and-ids.js';
import { SignInStateError } from './identity-errors.js';

export const SIGN_IN_STATE_TTL_MS = 10 * 60_000;
const STATE_VERSION = 1;

export interface SignInState {
  /** Random id: the key of the server-side PKCE verifier and the replay guard. */
  id: string;
  userKey: string;
  pendingThreadId: string | null;
  expiresAt: Date;
}

interface StatePayload {
  v: number;
  id: string;
  u: string;
  t: string | null;
  e: number;
}

export class SignInStateSigner {
  constructor(
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly ttlMs: number = SIGN_IN_STATE_TTL_MS,
  ) {}

  sign(userKey: string, pendingThreadId: string | null): string {
    const payload: StatePayload = { v: STATE_VERSION, id: randomBytes(16).toString('base64url'), u: userKey, t: pendingThreadId, e: this.clock().getTime() + this.ttlMs };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** Throws SignInStateError (malformed, forged or expired). */
  verify(state: string | undefined): SignInState {
    const [body, signature, extra] = (state ?? '').split('.');
    if (!body || !signature || extra !== undefined) throw new SignInStateError('malformed', 'This sign-in link is incomplete. Go back to Slack and press "Connect" again.');
    const expected = this.mac(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new SignInStateError('forged', 'This sign-in link was not issued by datathread. Go back to Slack and press "Connect" again.');
    }
    let payload: StatePayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      throw new SignInStateError('malformed', 'This sign-in link is damaged. Go back to Slack and press "Connect" again.');
    }
    if (payload.v !== STATE_VERSION || typeof payload.id !== 'string' || typeof payload.u !== 'string' || typeof payload.e !== 'number') {
      throw new SignInStateError('malformed', 'This sign-in link is damaged. Go back to Slack and press "Connect" again.');
    }
    if (payload.e <= this.clock().getTime()) {
      throw new SignInStateError('expired', 'This sign-in link has expired (links are valid for 10 minutes). Go back to Slack and press "Connect" again.');
    }
    return { id: payload.id, userKey: payload.u, pendingThreadId: payload.t ?? null, expiresAt: new Date(payload.e) };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(`datathread-sign-in-state.${body}`).digest();
  }
}
