// Which msal-node failures mean "this person must sign in again" (expired, revoked or unconsented
// token) rather than "Entra ID is down". The first leads to a sign-in prompt, not a failed answer.
import { AuthError, InteractionRequiredAuthError, ServerError } from '@azure/msal-node';

const SIGN_IN_ERROR_CODES = new Set([
  'invalid_grant',
  'interaction_required',
  'consent_required',
  'login_required',
  'no_tokens_found',
  'native_account_unavailable',
  'refresh_token_expired',
  'bad_token',
]);

export function needsFreshSignIn(error: unknown): boolean {
  if (error instanceof InteractionRequiredAuthError) return true;
  if (error instanceof ServerError || error instanceof AuthError) return SIGN_IN_ERROR_CODES.has(error.errorCode);
  return false;
}

/** A log- and user-safe description: msal's error code only, never the server's full text. */
export function describeAuthError(error: unknown): string {
  if (error instanceof AuthError) return error.errorCode || error.name;
  return error instanceof Error ? error.name : 'unknown error';
}
