// AES-256-GCM for tokens at rest. The key comes from DATATHREAD_ENCRYPTION_KEY (32 bytes, base64 or
// hex). Ciphertext layout: iv (12 bytes) + tag (16 bytes) + data. The associated data binds a
// ciphertext to its row (user key + provider), so a blob copied to another user does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { EncryptionKeyError } from './identity-errors.js';

export const ENCRYPTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';
export const ENCRYPTION_KEY_HINT = 'generate one with `openssl rand -base64 32` and set DATATHREAD_ENCRYPTION_KEY';

/** Reads a 32-byte key written as base64 (44 characters) or hex (64 characters). */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
    if (decoded.length === ENCRYPTION_KEY_BYTES) return decoded;
  }
  throw new EncryptionKeyError(
    `DATATHREAD_ENCRYPTION_KEY must be ${ENCRYPTION_KEY_BYTES} random bytes written as base64 (44 characters) or hex (64 characters): ${ENCRYPTION_KEY_HINT}.`,
  );
}

export interface TokenCipher {
  encrypt(plaintext: string, associatedData: string): Buffer;
  /** Throws when the ciphertext was tampered with, made with another key, or belongs to another row. */
  decrypt(ciphertext: Buffer, associatedData: string): string;
  /** A separate 32-byte key for another purpose (HKDF-SHA256), e.g. signing sign-in states. */
  deriveKey(purpose: string): Buffer;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== ENCRYPTION_KEY_BYTES) throw new EncryptionKeyError(`The encryption key must be ${ENCRYPTION_KEY_BYTES} bytes; ${ENCRYPTION_KEY_HINT}.`);
  const encryptionKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'datathread token encryption', ENCRYPTION_KEY_BYTES));
  return {
    encrypt(plaintext, associatedData) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, encryptionKey, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    decrypt(ciphertext, associatedData) {
      if (ciphertext.length < IV_BYTES + TAG_BYTES) throw new EncryptionKeyError('The stored ciphertext is too short to be an AES-GCM token blob.');
      const decipher = createDecipheriv(ALGORITHM, encryptionKey, ciphertext.subarray(0, IV_BYTES));
      decipher.setAuthTag(ciphertext.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      return Buffer.concat([decipher.update(ciphertext.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `datathread ${purpose}`, ENCRYPTION_KEY_BYTES));
    },
  };
}
