// Starts one turn in the background (the request has been answered): the shared lifecycle in
// run-teams-turn.ts, with the asker's token prepared before and the sign-in card after when needed.
import type { ChannelContext } from '../channel-context.js';
import { userTokenClientOf } from '../channel-context.js';
import type { ReplyTarget } from '../types.js';
import type { RequestIdentity } from './background-work.js';
import { runTeamsTurn, type TeamsTurnJob } from './run-teams-turn.js';

export function startTeamsTurn(context: ChannelContext, target: ReplyTarget, job: TeamsTurnJob, identity: RequestIdentity): void {
  const { signIn } = context;
  context.work.start(target, identity, job.request.threadId, (outbox, turnContext) =>
    runTeamsTurn(job, {
      handler: context.handler,
      outbox,
      sentCards: context.sentCards,
      logger: context.logger,
      ...(context.typingIntervalMs ? { typingIntervalMs: context.typingIntervalMs } : {}),
      ...(context.stories ? { stories: context.stories } : {}),
      ...(context.feedback ? { answeredActivities: context.feedback.activities } : {}),
      ...(context.csv ? { offerCsv: true } : {}),
      ...(signIn
        ? {
            signIn: {
              beforeTurn: () => signIn.prepareTurn(userTokenClientOf(context, turnContext), target),
              onSignInRequired: (databases) => signIn.requestSignIn(userTokenClientOf(context, turnContext), outbox, job.request, target, databases),
            },
          }
        : {}),
    }),
  );
}
