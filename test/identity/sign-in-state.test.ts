import { describe, expect, test } from 'vitest';
import { SignInStateError } from '../../src/identity/identity-errors.js';
import { SIGN_IN_STATE_TTL_MS, SignInStateSigner } from '../../src/identity/sign-in-state.js';

const KEY = Buffer.alloc(32, 3);

function signerAt(time: { now: number }) {
  return new SignInStateSigner(KEY, () => new Date(time.now));
}

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof SignInStateError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('SignInStateSigner', () => {
  test('binds the Slack user and the pending thread, for 10 minutes', () => {
    const time = { now: 1_700_000_000_000 };
    const signer = signerAt(time);
    const state = signer.sign('slack:U1', 'slack:T1:C1:1.2');
    expect(signer.verify(state)).toMatchObject({ userKey: 'slack:U1', pendingThreadId: 'slack:T1:C1:1.2', expiresAt: new Date(time.now + SIGN_IN_STATE_TTL_MS) });
    time.now += SIGN_IN_STATE_TTL_MS - 1;
    expect(signer.verify(state).userKey).toBe('slack:U1');
    time.now += 1;
    expect(reasonOf(() => signer.verify(state))).toBe('expired');
  });

  test('every state has its own id', () => {
    const signer = signerAt({ now: 0 });
    expect(signer.verify(signer.sign('slack:U1', null)).id).not.toBe(signer.verify(signer.sign('slack:U1', null)).id);
  });

  test('refuses a state whose user was changed, one signed with another key, and garbage', () => {
    const time = { now: 1_700_000_000_000 };
    const signer = signerAt(time);
    const [body, signature] = signer.sign('slack:U_MALLORY', null).split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const changed = `${Buffer.from(JSON.stringify({ ...payload, u: 'slack:U_ALICE' })).toString('base64url')}.${signature}`;
    expect(reasonOf(() => signer.verify(changed))).toBe('forged');
    const otherKey = new SignInStateSigner(Buffer.alloc(32, 4), () => new Date(time.now)).sign('slack:U1', null);
    expect(reasonOf(() => signer.verify(otherKey))).toBe('forged');
    // An extended expiry needs a new signature too.
    const extended = `${Buffer.from(JSON.stringify({ ...payload, e: time.now + 86_400_000 })).toString('base64url')}.${signature}`;
    expect(reasonOf(() => signer.verify(extended))).toBe('forged');
    for (const garbage of [undefined, '', 'abc', 'a.b.c', '.']) expect(reasonOf(() => signer.verify(garbage))).toMatch(/malformed|forged/);
  });
});
