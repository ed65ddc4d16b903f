// Words that act on the thread instead of asking a question: `stop` cancels the thread's running
// turn (Teams has no message to hang a Stop button on while the typing indicator shows), and
// `sign out` forgets the person's Microsoft sign-in. A card button with the data
// `{ datathread: 'sign_out' }` does the same sign-out. Slack's counterparts are the Stop button and
// the `unlink` command.
import { NOTHING_TO_STOP_SENTENCE } from '../../../conversations/standard-sentences.js';
import type { TurnHandler } from '../../../conversations/types.js';
import type { TurnJobs } from '../../../conversations/turn-jobs.js';
import type { ChannelLogger } from '../../channel-logger.js';
import type { TeamsOutbox } from '../outbox/teams-outbox.js';
import { createCard, textBlock } from '../render/adaptive-card-types.js';
import type { TeamsSignIn } from '../sign-in/teams-sign-in.js';
import type { ReplyTarget } from '../types.js';

export type ThreadCommand = 'stop' | 'sign_out';

const COMMAND_WORDS: Record<string, ThreadCommand> = {
  stop: 'stop',
  'sign out': 'sign_out',
  'sign-out': 'sign_out',
  signout: 'sign_out',
  'log out': 'sign_out',
  logout: 'sign_out',
};

export const SIGNED_OUT_SENTENCE = 'You are signed out. The next question about a database that acts as you will ask you to sign in again.';
export const NOTHING_TO_SIGN_OUT_SENTENCE = 'There is nothing to sign out of: no database here acts with your Microsoft account.';
export const SIGN_OUT_UNKNOWN_USER_SENTENCE = 'I could not tell which Microsoft account you use here, so nothing was signed out. Try again from Teams itself.';

/** The command a message's whole text is (mention removed), ignoring case and a trailing full stop. */
export function readThreadCommand(text: string): ThreadCommand | undefined {
  return COMMAND_WORDS[text.trim().toLowerCase().replace(/[.!]+$/, '')];
}

export interface ThreadCommandDependencies {
  handler: Pick<TurnHandler, 'cancel'>;
  /** Stops a turn that runs in another process (through the state store). */
  turns: Pick<TurnJobs, 'requestStop'>;
  outbox: TeamsOutbox;
  logger: ChannelLogger;
  signIn?: TeamsSignIn | undefined;
  /** The token service client of this turn (undefined in local mode). */
  tokenClient?: Parameters<TeamsSignIn['signOut']>[0];
}

export async function runThreadCommand(command: ThreadCommand, threadId: string, target: ReplyTarget, dependencies: ThreadCommandDependencies): Promise<void> {
  const { outbox, logger } = dependencies;
  if (command === 'stop') {
    // The stopped turn posts its own "Stopped." card; only a Stop with nothing running is answered here.
    if (dependencies.handler.cancel(threadId)) {
      logger.info('Teams user stopped a turn', { threadId });
      return;
    }
    if (await dependencies.turns.requestStop(threadId)) {
      logger.info('Teams user stopped a turn running in another process', { threadId });
      return;
    }
    await outbox.post(createCard([textBlock(NOTHING_TO_STOP_SENTENCE)]));
    return;
  }
  if (!dependencies.signIn) {
    await outbox.post(createCard([textBlock(NOTHING_TO_SIGN_OUT_SENTENCE)]));
    return;
  }
  const result = await dependencies.signIn.signOut(dependencies.tokenClient, target);
  await outbox.post(createCard([textBlock(result === 'signed_out' ? SIGNED_OUT_SENTENCE : SIGN_OUT_UNKNOWN_USER_SENTENCE)]));
}
