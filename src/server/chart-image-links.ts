// Signed, expiring addresses of chart images, for Teams cards: a card that points at its chart
// instead of carrying it inline stays far under the message size limit, so the chart is shown as
// drawn (2×), never shrunk. The PNG is kept in the state store under a random key; the link names
// the thread, that key and when it stops working, signed with a key derived from
// DATATHREAD_ENCRYPTION_KEY. It needs no sign-in because it cannot be guessed and soon expires;
// nothing but that one image is ever served through it.
import type { Environment } from '../config/environment.js';
import { parseEncryptionKey } from '../identity/token-cipher.js';
import type { Clock } from '../support/clock-and-ids.js';
import { SignedLinkTokens } from './signed-links.js';

export const CHART_IMAGE_PATH = '/images';
/** Teams fetches a card's image when the message is shown; a day covers the conversation it belongs to. */
export const CHART_IMAGE_LINK_TTL_MS = 24 * 60 * 60_000;
const IMAGE_EXTENSION = '.png';

type LinkPayload = {
  /** Thread id. */
  t: string;
  /** Image key in the store. */
  k: string;
};

export type ChartImageLinkReading = { kind: 'valid'; threadId: string; imageKey: string } | { kind: 'expired' } | { kind: 'refused' };

export class ChartImageLinks {
  private readonly tokens: SignedLinkTokens<LinkPayload>;
  private readonly baseUrl: string;

  constructor(
    encryptionKey: Buffer,
    publicUrl: string,
    clock: Clock,
    readonly ttlMs: number = CHART_IMAGE_LINK_TTL_MS,
  ) {
    this.tokens = new SignedLinkTokens<LinkPayload>(encryptionKey, 'datathread chart image links', { t: 'string', k: 'string' }, clock);
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  linkFor(threadId: string, imageKey: string): string {
    return `${this.baseUrl}${CHART_IMAGE_PATH}/${this.tokens.sign({ t: threadId, k: imageKey }, this.ttlMs)}${IMAGE_EXTENSION}`;
  }

  /** `token` is the link's last path segment, `<body>.<signature>.png`. */
  read(token: string): ChartImageLinkReading {
    if (!token.endsWith(IMAGE_EXTENSION)) return { kind: 'refused' };
    const reading = this.tokens.read(token.slice(0, -IMAGE_EXTENSION.length));
    if (reading.kind !== 'valid') return reading;
    return { kind: 'valid', threadId: reading.payload.t, imageKey: reading.payload.k };
  }
}

/** Links need a public address to point at and a key to sign with; without both, charts stay inline. */
export function chartImageLinksFrom(environment: Pick<Environment, 'publicUrl' | 'encryptionKey'>, clock: Clock): ChartImageLinks | undefined {
  if (!environment.publicUrl || !environment.encryptionKey) return undefined;
  return new ChartImageLinks(parseEncryptionKey(environment.encryptionKey), environment.publicUrl, clock);
}
