// Signed, expiring links to a stored query result as CSV, for chats where the bot cannot hand a
// file over itself (Teams). The link names the thread and the query and when it stops working,
// signed with a key derived from DATATHREAD_ENCRYPTION_KEY, so it cannot be pointed at another
// result or kept alive; nothing but the result's rows is ever served through it.
import type { Environment } from '../config/environment.js';
import { parseEncryptionKey } from '../identity/token-cipher.js';
import type { Clock } from '../support/clock-and-ids.js';
import { SignedLinkTokens } from './signed-links.js';

export const CSV_DOWNLOAD_PATH = '/downloads/csv';
/** Long enough to click the link after it is posted; short enough that a forwarded link soon dies. */
export const CSV_LINK_TTL_MS = 15 * 60_000;

type LinkPayload = {
  /** Thread id. */
  t: string;
  /** Query id. */
  q: string;
  /** The person the link was issued to (logged with each download). */
  u: string;
};

export type CsvLinkReading =
  | { kind: 'valid'; threadId: string; queryId: string; issuedTo: string }
  | { kind: 'expired' }
  | { kind: 'refused' };

export class CsvDownloadLinks {
  private readonly tokens: SignedLinkTokens<LinkPayload>;
  private readonly baseUrl: string;

  constructor(
    encryptionKey: Buffer,
    publicUrl: string,
    clock: Clock,
    readonly ttlMs: number = CSV_LINK_TTL_MS,
  ) {
    this.tokens = new SignedLinkTokens<LinkPayload>(encryptionKey, 'datathread csv download links', { t: 'string', q: 'string', u: 'string' }, clock);
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  linkFor(threadId: string, queryId: string, userId: string): string {
    return `${this.baseUrl}${CSV_DOWNLOAD_PATH}/${this.tokens.sign({ t: threadId, q: queryId, u: userId }, this.ttlMs)}`;
  }

  read(token: string): CsvLinkReading {
    const reading = this.tokens.read(token);
    if (reading.kind !== 'valid') return reading;
    return { kind: 'valid', threadId: reading.payload.t, queryId: reading.payload.q, issuedTo: reading.payload.u };
  }
}

/** Links need a public address to point at and a key to sign with; without both there are none. */
export function csvDownloadLinksFrom(environment: Pick<Environment, 'publicUrl' | 'encryptionKey'>, clock: Clock): CsvDownloadLinks | undefined {
  if (!environment.publicUrl || !environment.encryptionKey) return undefined;
  return new CsvDownloadLinks(parseEncryptionKey(environment.encryptionKey), environment.publicUrl, clock);
}
