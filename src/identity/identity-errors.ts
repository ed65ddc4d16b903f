// Errors of the identity layer, each with a stable name and a message that says how to fix it.

export class EncryptionKeyError extends Error {
  override readonly name = 'EncryptionKeyError';
}

/** A sign-in link or callback whose state is forged, expired or already used. */
export class SignInStateError extends Error {
  override readonly name = 'SignInStateError';
  constructor(readonly reason: 'malformed' | 'forged' | 'expired' | 'used', message: string) {
    super(message);
  }
}

/** Microsoft Entra ID could not be reached or answered with an unexpected error (not a user problem). */
export class IdentityProviderError extends Error {
  override readonly name = 'IdentityProviderError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
