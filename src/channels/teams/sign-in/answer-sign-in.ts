// `signin/tokenExchange` / `signin/verifyState`: answered inside the request (Teams waits for the
// invoke response); the questions that waited for this person's sign-in resume afterwards.
import type { TurnContext } from '@microsoft/agents-hosting';
import { userTokenClientOf, type ChannelContext } from '../channel-context.js';
import type { InboundActivity } from '../inbound/inbound-activity.js';
import { submitTeamsTurn } from '../turns/teams-turn-jobs.js';
import type { PendingSignIn } from './pending-sign-ins.js';
import { resumeRequest } from './teams-sign-in.js';

export async function answerSignIn(context: ChannelContext, activity: InboundActivity, turnContext: TurnContext): Promise<void> {
  const { response, resume } = context.signIn
    ? await context.signIn.answerInvoke(activity, userTokenClientOf(context, turnContext))
    : { response: { status: 501 }, resume: [] as PendingSignIn[] };
  await turnContext.sendActivity({ type: 'invokeResponse', value: response } as Parameters<TurnContext['sendActivity']>[0]);
  for (const entry of resume) await submitTeamsTurn(context, entry.parties, { request: resumeRequest(entry) }, turnContext.identity);
}
