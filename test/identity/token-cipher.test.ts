import { describe, expect, test } from 'vitest';
import { EncryptionKeyError } from '../../src/identity/identity-errors.js';
import { createTokenCipher, parseEncryptionKey } from '../../src/identity/token-cipher.js';

const KEY = Buffer.alloc(32, 1);

describe('parseEncryptionKey', () => {
  test('reads 32 bytes as base64, base64url or hex', () => {
    expect(parseEncryptionKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseEncryptionKey(Buffer.alloc(32, 0xfb).toString('base64url'))).toEqual(Buffer.alloc(32, 0xfb));
    expect(parseEncryptionKey(KEY.toString('hex'))).toEqual(KEY);
  });

  test.each(['', 'secret', Buffer.alloc(16).toString('base64'), Buffer.alloc(31).toString('hex'), 'é'.repeat(44)])('refuses %j with a message that says how to make one', (text) => {
    expect(() => parseEncryptionKey(text)).toThrow(EncryptionKeyError);
    expect(() => parseEncryptionKey(text)).toThrow(/openssl rand -base64 32/);
  });
});

describe('createTokenCipher', () => {
  const cipher = createTokenCipher(KEY);

  test('round-trips, with a fresh iv each time and no plaintext in the ciphertext', () => {
    const first = cipher.encrypt('token-abc', 'row-1');
    const second = cipher.encrypt('token-abc', 'row-1');
    expect(first.equals(second)).toBe(false);
    expect(first.includes(Buffer.from('token-abc'))).toBe(false);
    expect(first.length).toBe(12 + 16 + 'token-abc'.length);
    expect(cipher.decrypt(first, 'row-1')).toBe('token-abc');
  });

  test('refuses a blob moved to another row, tampered with, or made with another key', () => {
    const blob = cipher.encrypt('token-abc', 'row-1');
    expect(() => cipher.decrypt(blob, 'row-2')).toThrow();
    const tampered = Buffer.from(blob);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => cipher.decrypt(tampered, 'row-1')).toThrow();
    expect(() => createTokenCipher(Buffer.alloc(32, 2)).decrypt(blob, 'row-1')).toThrow();
  });

  test('derives separate keys per purpose', () => {
    expect(cipher.deriveKey('a').equals(cipher.deriveKey('b'))).toBe(false);
    expect(cipher.deriveKey('a').equals(KEY)).toBe(false);
    expect(cipher.deriveKey('a')).toHaveLength(32);
  });
});
