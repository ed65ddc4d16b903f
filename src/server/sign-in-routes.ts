// The account-linking routes on the bot's HTTP server. A refused state (forged, expired, replayed,
// another browser) is a 400 with a plain sentence; nothing about tokens ever reaches the page.
import type { Express, Request, Response } from 'express';
import { IdentityProviderError, SignInStateError } from '../identity/identity-errors.js';
import { SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH, SignInRefusedError, type SlackAccountLinking } from '../identity/slack-account-linking.js';
import type { Logger } from '../logging/logger.js';

export const SIGN_IN_COOKIE = 'datathread_sign_in';

export interface SignInRoutesDependencies {
  linking: SlackAccountLinking;
  logger: Logger;
}

/** Mounts GET /auth/microsoft/start and /auth/microsoft/callback for Slack account linking. */
export function attachSignInRoutes(app: Express, deps: SignInRoutesDependencies): void {
  app.get(SIGN_IN_START_PATH, async (request, response) => {
    try {
      const started = await deps.linking.start(queryText(request, 'state'));
      // Binds the sign-in to this browser: the callback must come back to the same one.
      response.setHeader('Set-Cookie', cookie(SIGN_IN_COOKIE, started.stateId, started.maxAgeSeconds, deps.linking.redirectUri));
      response.setHeader('Cache-Control', 'no-store');
      response.redirect(302, started.authorizeUrl);
    } catch (error) {
      fail(response, error, deps.logger);
    }
  });

  app.get(SIGN_IN_CALLBACK_PATH, async (request, response) => {
    try {
      const completed = await deps.linking.complete(
        {
          code: queryText(request, 'code'),
          state: queryText(request, 'state'),
          error: queryText(request, 'error'),
          error_description: queryText(request, 'error_description'),
        },
        readCookie(request.headers.cookie, SIGN_IN_COOKIE),
      );
      response.setHeader('Set-Cookie', cookie(SIGN_IN_COOKIE, '', 0, deps.linking.redirectUri));
      const who = completed.upn ? ` as ${completed.upn}` : '';
      page(response, 200, 'Connected', `Your Microsoft account is connected${who}. You can go back to Slack${completed.pendingThreadId ? ': your question is being answered there' : ''}.`);
    } catch (error) {
      fail(response, error, deps.logger);
    }
  });
}

function fail(response: Response, error: unknown, logger: Logger): void {
  if (error instanceof SignInStateError || error instanceof SignInRefusedError) {
    logger.info('sign-in refused', { reason: error instanceof SignInStateError ? error.reason : 'refused_by_microsoft' });
    page(response, 400, 'Sign-in not completed', error.message);
    return;
  }
  if (error instanceof IdentityProviderError) {
    logger.warn('sign-in failed at Microsoft Entra ID', { error });
    page(response, 502, 'Sign-in not completed', `${error.message} Go back to Slack and press "Connect" again.`);
    return;
  }
  logger.error('sign-in failed', { error });
  page(response, 500, 'Sign-in not completed', 'Something went wrong on our side. Go back to Slack and press "Connect" again; if it keeps failing, tell an admin.');
}

function page(response: Response, status: number, title: string, message: string): void {
  response
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>datathread: ${escapeHtml(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>` +
        `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}

function queryText(request: Request, name: string): string | undefined {
  const value = request.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** Scoped to the sign-in routes under the public URL (which may carry a path prefix). */
function cookie(name: string, value: string, maxAgeSeconds: number, redirectUri: string): string {
  const url = new URL(redirectUri);
  const path = url.pathname.replace(/\/callback$/, '');
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Lax${url.protocol === 'https:' ? '; Secure' : ''}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}
