// Errors of the identity layer, each with a stable name and a message that says how to fix it.
import { DatathreadError } from '../support/errors.js';

export class EncryptionKeyError extends DatathreadError {
  override readonly name = 'EncryptionKeyError';
  readonly code = 'encryption_key_invalid';
}

/** A sign-in link or callback whose state is forged, expired or already used. */
export class SignInStateError extends DatathreadError {
  override readonly name = 'SignInStateError';
  readonly code = 'sign_in_state_invalid';
  constructor(readonly reason: 'malformed' | 'forged' | 'expired' | 'used', message: string) {
    super(message);
  }
}

/** Microsoft Entra ID could not be reached or answered with an unexpected error (not a user problem). */
export class IdentityProviderError extends DatathreadError {
  override readonly name = 'IdentityProviderError';
  readonly code = 'identity_provider_failed';
}

/** Microsoft Graph refused or failed a request (no token, a missing permission, Graph down). */
export class GraphRequestError extends DatathreadError {
  override readonly name = 'GraphRequestError';
  readonly code = 'graph_request_failed';
  constructor(
    readonly status: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
