// The sign-in invokes Teams sends after an OAuth card, answered the way Teams expects:
//  - `signin/tokenExchange` (single sign-on, chats): value { id, connectionName, token }. The token
//    is exchanged through the Bot Framework token service (the Azure Bot OAuth connection); 200
//    with { id, connectionName } on success, 412 (Precondition Failed) otherwise, which makes
//    Teams show the card's Sign in button instead.
//  - `signin/verifyState` (the Sign in button, channels): value { state: <magic code> }; the token
//    service hands out the user's token for that code. 200, or 404 when no token came back.
//  - `signin/failure`: Teams could not do the silent exchange; 200 and a log line (code only).
// The user's token is only handed to `saveSsoToken` (the vault encrypts it); it is never logged,
// never echoed in a response body.
import { HttpError, type UserTokenClient } from '@microsoft/agents-hosting';
import { readTokenClaims } from '../../../identity/jwt-claims.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import type { ChannelLogger } from '../../channel-logger.js';

export const TOKEN_EXCHANGE_INVOKE = 'signin/tokenExchange';
export const VERIFY_STATE_INVOKE = 'signin/verifyState';
export const SIGN_IN_FAILURE_INVOKE = 'signin/failure';
const SIGN_IN_INVOKES = new Set([TOKEN_EXCHANGE_INVOKE, VERIFY_STATE_INVOKE, SIGN_IN_FAILURE_INVOKE]);

/** The token service calls datathread makes (the SDK's UserTokenClient has them all). */
export type TeamsUserTokenClient = Pick<UserTokenClient, 'getUserToken' | 'exchangeTokenAsync' | 'getSignInResource'>;

/** The narrow slice of the identity service the Teams channel uses. */
export interface TeamsSsoTokenStore {
  /** False when the token is already expired (then nothing is stored). */
  saveSsoToken(aadObjectId: string, token: string): Promise<boolean>;
  hasSsoToken(aadObjectId: string): Promise<boolean>;
}

export interface InvokeAnswer {
  status: number;
  body?: Record<string, unknown>;
}

export interface SignInInvokeResult {
  response: InvokeAnswer;
  /** The person whose token was saved by this invoke (their pending questions can resume). */
  signedIn?: { aadObjectId: string };
}

export interface SignInInvokeDependencies {
  client: TeamsUserTokenClient;
  connectionName: string;
  tokens: TeamsSsoTokenStore;
  logger: ChannelLogger;
}

export function isSignInInvoke(activity: InboundActivity): boolean {
  return activity.type === 'invoke' && SIGN_IN_INVOKES.has(activity.name ?? '');
}

export async function answerSignInInvoke(activity: InboundActivity, dependencies: SignInInvokeDependencies): Promise<SignInInvokeResult> {
  switch (activity.name) {
    case TOKEN_EXCHANGE_INVOKE:
      return answerTokenExchange(activity, dependencies);
    case VERIFY_STATE_INVOKE:
      return answerVerifyState(activity, dependencies);
    default: {
      const value = recordOf(activity.value);
      dependencies.logger.warn('Teams sign-in failed in the client', { code: textOf(value.code) ?? 'unknown', conversationType: activity.conversation?.conversationType });
      return { response: { status: 200 } };
    }
  }
}

async function answerTokenExchange(activity: InboundActivity, dependencies: SignInInvokeDependencies): Promise<SignInInvokeResult> {
  const { connectionName, logger } = dependencies;
  const value = recordOf(activity.value);
  const id = textOf(value.id);
  const failure = (status: number, failureDetail: string): SignInInvokeResult => ({
    response: { status, body: { ...(id ? { id } : {}), connectionName, failureDetail } },
  });
  const ssoToken = textOf(value.token);
  if (!ssoToken) return failure(400, 'The signin/tokenExchange invoke carries no token.');
  if (value.connectionName !== connectionName) {
    return failure(400, `The token exchange is for another OAuth connection than this bot's ("${connectionName}").`);
  }
  const person = personOf(activity);
  if (!person) return failure(412, 'The activity does not name the user (from.id / from.aadObjectId).');

  let token: string | undefined;
  try {
    token = (await dependencies.client.exchangeTokenAsync(person.teamsUserId, connectionName, activity.channelId ?? 'msteams', { token: ssoToken })).token;
  } catch (error) {
    logger.warn('Teams token exchange refused by the token service', { status: statusOf(error), aadObjectId: person.aadObjectId });
  }
  if (!token) return failure(412, 'The token service did not exchange the token; sign in with the button instead.');
  if (!(await saveOwnToken(person.aadObjectId, token, dependencies))) return failure(412, 'The exchanged token could not be used; sign in with the button instead.');
  logger.info('Teams single sign-on completed', { aadObjectId: person.aadObjectId });
  return { response: { status: 200, body: { ...(id ? { id } : {}), connectionName } }, signedIn: { aadObjectId: person.aadObjectId } };
}

async function answerVerifyState(activity: InboundActivity, dependencies: SignInInvokeDependencies): Promise<SignInInvokeResult> {
  const { connectionName, logger } = dependencies;
  const state = textOf(recordOf(activity.value).state);
  if (state === 'CancelledByUser') {
    logger.info('Teams sign-in cancelled by the user', { aadObjectId: activity.from?.aadObjectId });
    return { response: { status: 200 } };
  }
  const person = personOf(activity);
  if (!state || !person) return { response: { status: 400 } };
  let token: string | undefined;
  try {
    token = (await dependencies.client.getUserToken(connectionName, activity.channelId ?? 'msteams', person.teamsUserId, state)).token;
  } catch (error) {
    logger.warn('Teams sign-in code refused by the token service', { status: statusOf(error), aadObjectId: person.aadObjectId });
  }
  if (!token || !(await saveOwnToken(person.aadObjectId, token, dependencies))) return { response: { status: 404 } };
  logger.info('Teams sign-in completed', { aadObjectId: person.aadObjectId });
  return { response: { status: 200 }, signedIn: { aadObjectId: person.aadObjectId } };
}

/**
 * Saves the token under the person's object id, unless it names someone else (a token is only
 * ever used for the person it was issued to) or has already expired.
 */
export async function saveOwnToken(aadObjectId: string, token: string, dependencies: Pick<SignInInvokeDependencies, 'tokens' | 'logger'>): Promise<boolean> {
  const claims = readTokenClaims(token);
  if (claims.objectId !== undefined && claims.objectId !== aadObjectId) {
    dependencies.logger.warn('Teams sign-in token belongs to another user; not stored', { aadObjectId });
    return false;
  }
  const saved = await dependencies.tokens.saveSsoToken(aadObjectId, token);
  if (!saved) dependencies.logger.info('Teams sign-in token already expired; not stored', { aadObjectId });
  return saved;
}

export function personOf(activity: InboundActivity): { teamsUserId: string; aadObjectId: string } | undefined {
  const teamsUserId = activity.from?.id;
  const aadObjectId = activity.from?.aadObjectId;
  return teamsUserId && aadObjectId ? { teamsUserId, aadObjectId } : undefined;
}

/** Only the HTTP status: the SDK's error message may carry the request body (with the token). */
export function statusOf(error: unknown): number | string {
  if (error instanceof HttpError) return error.status;
  return error instanceof Error ? error.name : 'unknown';
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
