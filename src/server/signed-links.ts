// Signed, expiring link tokens for what the server hands out without a sign-in (Teams CSV
// downloads, chart images): `<body>.<signature>`, where the body is the payload as base64url JSON
// with its expiry, and the signature an HMAC under a key derived from DATATHREAD_ENCRYPTION_KEY
// for one purpose only, so a token of one kind is never accepted as another. A token that is not
// signed by us, or whose signed body is not a payload of its kind, is refused, never an error.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../support/clock-and-ids.js';

const SIGNING_KEY_BYTES = 32;

/** A payload's fields, each a string or a number; `e` (expiry, epoch ms) is added by the signer. */
type LinkFields = Record<string, string | number>;

export type SignedLinkReading<Payload> = { kind: 'valid'; payload: Payload } | { kind: 'expired' } | { kind: 'refused' };

export class SignedLinkTokens<Payload extends LinkFields> {
  private readonly signingKey: Buffer;

  /** `fields` names each field a payload must have and its type: anything else is refused. */
  constructor(
    encryptionKey: Buffer,
    purpose: string,
    private readonly fields: Record<keyof Payload, 'string' | 'number'>,
    private readonly clock: Clock,
  ) {
    this.signingKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), purpose, SIGNING_KEY_BYTES));
  }

  sign(payload: Payload, ttlMs: number): string {
    const body = Buffer.from(JSON.stringify({ ...payload, e: this.clock().getTime() + ttlMs }), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  read(token: string): SignedLinkReading<Payload> {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { kind: 'refused' };
    const expected = Buffer.from(this.mac(body), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'refused' };
    const parsed = this.readBody(body);
    if (parsed === undefined) return { kind: 'refused' };
    if (this.clock().getTime() > parsed.expiresAtMs) return { kind: 'expired' };
    return { kind: 'valid', payload: parsed.payload };
  }

  /** The signed body as a payload and its expiry; anything else (not JSON, not an object, a field missing) is undefined. */
  private readBody(body: string): { payload: Payload; expiresAtMs: number } | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const record = parsed as Record<string, unknown>;
    if (typeof record.e !== 'number') return undefined;
    const payload: LinkFields = {};
    for (const [name, type] of Object.entries(this.fields)) {
      const value = record[name];
      if (typeof value !== type) return undefined;
      payload[name] = value as string | number;
    }
    return { payload: payload as Payload, expiresAtMs: record.e };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.signingKey).update(body).digest('base64url');
  }
}
