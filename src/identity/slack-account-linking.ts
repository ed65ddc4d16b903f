// Slack account linking: "Connect your Microsoft account" -> GET /auth/microsoft/start?state=… ->
// Microsoft's authorize page (authorization code + PKCE, through msal-node) -> GET
// /auth/microsoft/callback -> tokens stored encrypted for the Slack user -> onLinked listeners
// (the Slack adapter resumes the pending question). The state is signed, expires after 10 minutes,
// binds the Slack user, and is good for one completed sign-in.
import { CryptoProvider } from '@azure/msal-node';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../support/clock-and-ids.js';
import { SignInStateError } from './identity-errors.js';
import type { LinkedAccount, LinkedAccounts } from './linked-accounts.js';
import { createConfidentialClient } from './msal-client.js';
import type { EntraAppSettings } from './identity-settings.js';
import type { SignInStateSigner } from './sign-in-state.js';
import { PENDING_SIGN_IN_PROVIDER, type PendingSignInSecret, type UserTokenVault } from './user-token-vault.js';
import { DatathreadError } from '../support/errors.js';

export const SIGN_IN_START_PATH = '/auth/microsoft/start';
export const SIGN_IN_CALLBACK_PATH = '/auth/microsoft/callback';

/** Called after a Slack user linked their account; `pendingThreadId` is the question to resume. */
export type LinkedListener = (slackUserKey: string, pendingThreadId: string | undefined) => void | Promise<void>;

export interface SlackAccountLinkingOptions {
  entra: EntraAppSettings;
  /** Base URL users' browsers reach this server at (DATATHREAD_PUBLIC_URL). */
  publicUrl: string;
  /** Every federated database's scope; the first is requested, the others consented to up front. */
  scopes: string[];
  signer: SignInStateSigner;
  vault: UserTokenVault;
  accounts: LinkedAccounts;
  clock: Clock;
  logger: Logger;
}

export interface StartedSignIn {
  authorizeUrl: string;
  stateId: string;
  /** How long the browser-binding cookie lives: until the state expires. */
  maxAgeSeconds: number;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

export interface CompletedSignIn extends LinkedAccount {
  slackUserKey: string;
  pendingThreadId: string | undefined;
}

export class SignInRefusedError extends DatathreadError {
  override readonly name = 'SignInRefusedError';
  readonly code = 'sign_in_refused';
}

export class SlackAccountLinking {
  private readonly listeners = new Set<LinkedListener>();
  private readonly crypto = new CryptoProvider();
  private readonly authorizeClient;

  constructor(private readonly options: SlackAccountLinkingOptions) {
    // Only builds authorize URLs; token redemption runs on the person's own client (linked-accounts.ts).
    this.authorizeClient = createConfidentialClient(options.entra, { logger: options.logger });
  }

  get redirectUri(): string {
    return new URL(SIGN_IN_CALLBACK_PATH.slice(1), withTrailingSlash(this.options.publicUrl)).toString();
  }

  /** The link for the "Connect your Microsoft account" button, bound to this Slack user for 10 minutes. */
  createSignInUrl(slackUserKey: string, pendingThreadId?: string): string {
    const url = new URL(SIGN_IN_START_PATH.slice(1), withTrailingSlash(this.options.publicUrl));
    url.searchParams.set('state', this.options.signer.sign(slackUserKey, pendingThreadId ?? null));
    return url.toString();
  }

  /** Registers a listener for completed links; returns a function that removes it. */
  onLinked(listener: LinkedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** GET /auth/microsoft/start: keeps the PKCE verifier server-side, returns Microsoft's authorize URL. */
  async start(state: string | undefined): Promise<StartedSignIn> {
    const verified = this.options.signer.verify(state);
    const pendingKey = pendingSignInKey(verified.id);
    const existing = await this.options.vault.read<PendingSignInSecret>(pendingKey, PENDING_SIGN_IN_PROVIDER, 'pending_sign_in');
    if (existing?.completed) throw new SignInStateError('used', 'This sign-in link was already used. Go back to Slack; if you still need to connect, press "Connect" again.');
    const pkce = await this.crypto.generatePkceCodes();
    const nonce = randomBytes(16).toString('base64url');
    await this.options.vault.save(pendingKey, PENDING_SIGN_IN_PROVIDER, { kind: 'pending_sign_in', codeVerifier: pkce.verifier, nonce, completed: false }, verified.expiresAt);
    const [scope, ...extraScopes] = this.options.scopes;
    const authorizeUrl = await this.authorizeClient.getAuthCodeUrl({
      scopes: scope ? [scope] : [],
      extraScopesToConsent: extraScopes.length > 0 ? extraScopes : undefined,
      redirectUri: this.redirectUri,
      codeChallenge: pkce.challenge,
      codeChallengeMethod: 'S256',
      state: state!,
      nonce,
      prompt: 'select_account',
    });
    return { authorizeUrl, stateId: verified.id, maxAgeSeconds: Math.max(1, Math.floor((verified.expiresAt.getTime() - this.options.clock().getTime()) / 1000)) };
  }

  /**
   * GET /auth/microsoft/callback: checks the state (signature, expiry, single use, same browser),
   * redeems the code with the PKCE verifier, stores the tokens, tells the listeners.
   */
  async complete(query: CallbackQuery, browserStateId: string | undefined): Promise<CompletedSignIn> {
    const verified = this.options.signer.verify(query.state);
    if (browserStateId !== verified.id) {
      throw new SignInStateError('forged', 'This sign-in did not start in this browser. Go back to Slack and press "Connect" again, and finish in the browser that opens.');
    }
    const pendingKey = pendingSignInKey(verified.id);
    const pending = await this.options.vault.read<PendingSignInSecret>(pendingKey, PENDING_SIGN_IN_PROVIDER, 'pending_sign_in');
    if (!pending || pending.completed) throw new SignInStateError('used', 'This sign-in link was already used or has expired. Go back to Slack and press "Connect" again.');
    // One redemption per state: a replayed callback finds it completed.
    await this.options.vault.save(pendingKey, PENDING_SIGN_IN_PROVIDER, { ...pending, codeVerifier: '', completed: true }, verified.expiresAt);
    if (query.error) throw new SignInRefusedError(`Microsoft did not sign you in (${query.error}). Go back to Slack and press "Connect" again if you want to retry.`);
    if (!query.code) throw new SignInStateError('malformed', 'The sign-in answer carries no authorization code. Go back to Slack and press "Connect" again.');
    const account = await this.options.accounts.redeemCode(verified.userKey, {
      code: query.code,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      redirectUri: this.redirectUri,
      scopes: this.options.scopes.slice(0, 1),
    });
    const completed: CompletedSignIn = { ...account, slackUserKey: verified.userKey, pendingThreadId: verified.pendingThreadId ?? undefined };
    this.options.logger.info('Slack user linked a Microsoft account', { userKey: verified.userKey, upn: account.upn });
    for (const listener of this.listeners) {
      try {
        await listener(completed.slackUserKey, completed.pendingThreadId);
      } catch (error) {
        this.options.logger.error('an onLinked listener failed', { userKey: verified.userKey, error });
      }
    }
    return completed;
  }

  async isLinked(slackUserKey: string): Promise<boolean> {
    return (await this.options.accounts.linkedAccount(slackUserKey)) !== undefined;
  }

  async linkedAccount(slackUserKey: string): Promise<LinkedAccount | undefined> {
    return this.options.accounts.linkedAccount(slackUserKey);
  }

  /** Forgets the person's tokens (the `unlink` command / App Home button). */
  async unlinkUser(slackUserKey: string): Promise<void> {
    await this.options.accounts.unlink(slackUserKey);
    this.options.logger.info('Slack user unlinked their Microsoft account', { userKey: slackUserKey });
  }
}

export function pendingSignInKey(stateId: string): string {
  return `sign-in:${stateId}`;
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
