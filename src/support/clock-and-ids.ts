// Time and ids come from injected functions so tests need no module mocking.
import { randomBytes } from 'node:crypto';

export type Clock = () => Date;
export type IdFactory = (prefix: string) => string;

export const systemClock: Clock = () => new Date();

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ID_SUFFIX_LENGTH = 8;

/** `prefix` + 8 random lower-case letters/digits, e.g. `query_k3x9a0zq`. */
export const randomIdFactory: IdFactory = (prefix) => {
  const bytes = randomBytes(ID_SUFFIX_LENGTH);
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}${suffix}`;
};
