// The sign-in prompt for a question about a federated database: the Bot Framework OAuth card
// (CardFactory.oauthCard) built from the token service's sign-in resource. In personal and group
// chats it carries the token exchange resource, so Teams first tries single sign-on silently and
// only shows the button when that fails; Teams channels have no single sign-on, so there it is a
// plain Sign in button (the link of the Azure Bot OAuth connection). The card names the asker:
// Teams cannot show a bot message to one person in a channel or group chat, and whoever signs in
// through it only resumes their own questions.
import { CardFactory } from '@microsoft/agents-hosting';
import { createCard, textBlock, type AdaptiveCard } from '../render/adaptive-card-types.js';
import type { TeamsAttachment } from '../outbox/teams-outbox.js';

export const SIGN_IN_BUTTON_TITLE = 'Sign in';
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'I could not start the Microsoft sign-in just now. Please ask again in a moment.';
export const SIGN_IN_NOT_CONFIGURED_MESSAGE =
  'Signing in from Teams is not set up for this bot: an administrator must create an OAuth connection on the Azure Bot ' +
  'and set DATATHREAD_TEAMS_OAUTH_CONNECTION to its name (see docs/identity.md).';

export type SignInResource = Parameters<typeof CardFactory.oauthCard>[3];

export function signInCardText(databases: string[], askerName: string | undefined): string {
  const who = askerName ? `${askerName}, to` : 'To';
  const names = databases.length > 0 ? databases.join(', ') : 'this database';
  return `${who} query ${names} I need to act as you. Sign in with your Microsoft account and I will answer your question here.`;
}

export function buildSignInCard(options: {
  connectionName: string;
  resource: SignInResource;
  databases: string[];
  askerName?: string;
  /** False in Teams channels, which have no single sign-on. */
  singleSignOn: boolean;
}): TeamsAttachment {
  return CardFactory.oauthCard(
    options.connectionName,
    SIGN_IN_BUTTON_TITLE,
    signInCardText(options.databases, options.askerName),
    options.resource,
    options.singleSignOn,
  );
}

/** When the sign-in card cannot be sent: one honest sentence, as an Adaptive Card. */
export function buildSignInProblemCard(message: string): AdaptiveCard {
  return createCard([textBlock(message, { color: 'Attention' })]);
}
