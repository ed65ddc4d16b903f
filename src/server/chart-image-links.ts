// Signed, expiring addresses of chart images, for Teams cards: a card that points at its chart
// instead of carrying it inline stays far under the message size limit, so the chart is shown as
// drawn (2×), never shrunk. The PNG is kept in the state store under a random key; the link names
// the thread, that key and when it stops working, signed with a key derived from
// DATATHREAD_ENCRYPTION_KEY. It needs no sign-in because it cannot be guessed and soon expires;
// nothing but that one image is ever served through it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../config/environment.js';
import { parseEncryptionKey } from '../identity/token-cipher.js';
import type { Clock } from '../support/clock-and-ids.js';

export const CHART_IMAGE_PATH = '/images';
/** Teams fetches a card's image when the message is shown; a day covers the conversation it belongs to. */
export const CHART_IMAGE_LINK_TTL_MS = 24 * 60 * 60_000;
const SIGNING_KEY_BYTES = 32;

interface LinkPayload {
  /** Thread id. */
  t: string;
  /** Image key in the store. */
  k: string;
  /** Expires at, epoch milliseconds. */
  e: number;
}

export type ChartImageLinkReading = { kind: 'valid'; threadId: string; imageKey: string } | { kind: 'expired' } | { kind: 'refused' };

export class ChartImageLinks {
  private readonly signingKey: Buffer;
  private readonly baseUrl: string;

  constructor(
    encryptionKey: Buffer,
    publicUrl: string,
    private readonly clock: Clock,
    readonly ttlMs: number = CHART_IMAGE_LINK_TTL_MS,
  ) {
    this.signingKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'datathread chart image links', SIGNING_KEY_BYTES));
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  linkFor(threadId: string, imageKey: string): string {
    const payload: LinkPayload = { t: threadId, k: imageKey, e: this.clock().getTime() + this.ttlMs };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${this.baseUrl}${CHART_IMAGE_PATH}/${body}.${this.mac(body)}.png`;
  }

  read(token: string): ChartImageLinkReading {
    const [body, signature, extension, extra] = token.split('.');
    if (!body || !signature || extension !== 'png' || extra !== undefined) return { kind: 'refused' };
    const expected = Buffer.from(this.mac(body), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'refused' };
    let payload: LinkPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    } catch {
      return { kind: 'refused' };
    }
    if (typeof payload.t !== 'string' || typeof payload.k !== 'string' || typeof payload.e !== 'number') return { kind: 'refused' };
    if (this.clock().getTime() > payload.e) return { kind: 'expired' };
    return { kind: 'valid', threadId: payload.t, imageKey: payload.k };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.signingKey).update(body).digest('base64url');
  }
}

/** Links need a public address to point at and a key to sign with; without both, charts stay inline. */
export function chartImageLinksFrom(environment: Pick<Environment, 'publicUrl' | 'encryptionKey'>, clock: Clock): ChartImageLinks | undefined {
  if (!environment.publicUrl || !environment.encryptionKey) return undefined;
  return new ChartImageLinks(parseEncryptionKey(environment.encryptionKey), environment.publicUrl, clock);
}
