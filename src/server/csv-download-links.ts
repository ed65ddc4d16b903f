// Signed, expiring links to a stored query result as CSV, for chats where the bot cannot hand a
// file over itself (Teams). The link names the thread and the query and when it stops working,
// signed with a key derived from DATATHREAD_ENCRYPTION_KEY, so it cannot be pointed at another
// result or kept alive; nothing but the result's rows is ever served through it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../config/environment.js';
import { parseEncryptionKey } from '../identity/token-cipher.js';
import type { Clock } from '../support/clock-and-ids.js';

export const CSV_DOWNLOAD_PATH = '/downloads/csv';
/** Long enough to click the link after it is posted; short enough that a forwarded link soon dies. */
export const CSV_LINK_TTL_MS = 15 * 60_000;
const SIGNING_KEY_BYTES = 32;

interface LinkPayload {
  /** Thread id. */
  t: string;
  /** Query id. */
  q: string;
  /** Expires at, epoch milliseconds. */
  e: number;
  /** The person the link was issued to (logged with each download). */
  u: string;
}

export type CsvLinkReading =
  | { kind: 'valid'; threadId: string; queryId: string; issuedTo: string }
  | { kind: 'expired' }
  | { kind: 'refused' };

export class CsvDownloadLinks {
  private readonly signingKey: Buffer;
  private readonly baseUrl: string;

  constructor(
    encryptionKey: Buffer,
    publicUrl: string,
    private readonly clock: Clock,
    readonly ttlMs: number = CSV_LINK_TTL_MS,
  ) {
    this.signingKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'datathread csv download links', SIGNING_KEY_BYTES));
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  linkFor(threadId: string, queryId: string, userId: string): string {
    const payload: LinkPayload = { t: threadId, q: queryId, e: this.clock().getTime() + this.ttlMs, u: userId };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${this.baseUrl}${CSV_DOWNLOAD_PATH}/${body}.${this.mac(body)}`;
  }

  read(token: string): CsvLinkReading {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { kind: 'refused' };
    const expected = Buffer.from(this.mac(body), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'refused' };
    const payload = readPayload(body);
    if (!payload) return { kind: 'refused' };
    if (this.clock().getTime() > payload.e) return { kind: 'expired' };
    return { kind: 'valid', threadId: payload.t, queryId: payload.q, issuedTo: payload.u };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.signingKey).update(body).digest('base64url');
  }
}

/** The signed body as a payload; anything else (not JSON, not an object, a field missing) is undefined. */
function readPayload(body: string): LinkPayload | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const payload = parsed as Partial<LinkPayload>;
  if (typeof payload.t !== 'string' || typeof payload.q !== 'string' || typeof payload.e !== 'number' || typeof payload.u !== 'string') return undefined;
  return payload as LinkPayload;
}

/** Links need a public address to point at and a key to sign with; without both there are none. */
export function csvDownloadLinksFrom(environment: Pick<Environment, 'publicUrl' | 'encryptionKey'>, clock: Clock): CsvDownloadLinks | undefined {
  if (!environment.publicUrl || !environment.encryptionKey) return undefined;
  return new CsvDownloadLinks(parseEncryptionKey(environment.encryptionKey), environment.publicUrl, clock);
}
