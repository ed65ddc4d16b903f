// The lifecycle every channel repeats for one turn, after the platform request was answered: hand
// the request to the engine; once the turn holds its thread, show that the bot is working; a
// duplicate delivery runs nothing; the outcome becomes one reply plan that the channel posts; a
// federated database that needs the asker's sign-in gets its prompt; a turn that breaks before its
// answer is posted gets the one interrupted sentence; the working indicator always goes. A turn run
// as a job confirms its lease before each of these posts: a run that lost it (another run took the
// job over) posts nothing more and leaves the thread's messages to that run.
import type { ChartPlacement } from '../charts/chart-layout.js';
import { isStoreOutage } from '../conversations/classify-failure.js';
import { TurnLeaseLostError } from '../conversations/job-lease.js';
import { planReply, type ReplyPlan } from '../conversations/reply-plan.js';
import { TURN_SENTENCES } from '../conversations/standard-sentences.js';
import type { TurnHandler, TurnObserver, TurnRequest } from '../conversations/types.js';
import type { ChannelLogger } from './channel-logger.js';

/** What a channel does at each step of one turn. */
export interface ChannelTurnSteps {
  /** Before the engine sees the request (e.g. Teams saves the asker's token). */
  beforeTurn?(): Promise<void>;
  /** The turn passed dedupe and holds its thread: working indicator on, announcement, clicked card resolved. */
  onStart(): Promise<void>;
  /** "Querying warehouse…" while the agent works. */
  onStatus?(status: string): void;
  /** The answer as the model writes it, and tool calls as they start and end (for streaming channels). */
  onTextDelta?: TurnObserver['onTextDelta'];
  onToolCallStart?: TurnObserver['onToolCallStart'];
  onToolCallEnd?: TurnObserver['onToolCallEnd'];
  /** Posts the plan: stories, answer, charts, buttons. */
  postReply(plan: ReplyPlan): Promise<void>;
  /** Asks the asker to sign in for `plan.signInRequired` (only called when it is not empty). */
  promptSignIn?(plan: ReplyPlan): Promise<void>;
  /** Posts the sentence of a turn that broke before its answer was posted. */
  postInterrupted(sentence: string): Promise<void>;
  /** Removes the working indicator; runs once at the end, whatever happened. */
  finish(): Promise<void>;
}

export interface ChannelTurnRunner {
  /** "Slack" / "Teams", for the log. */
  channelName: string;
  /** How the channel shows charts (Channel.chartPlacement): the engine draws them for it. */
  chartPlacement: ChartPlacement;
  /** Whether the channel posts schedules and confirms them (Channel.offersSchedules): the engine offers scheduling only then. */
  offersSchedules: boolean;
  handler: TurnHandler;
  logger: ChannelLogger;
  /** The turn job's lease check (TurnJobRun.confirmLease); absent for a turn that is not a job. */
  confirmLease?: (() => Promise<void>) | undefined;
}

export async function runChannelTurn(runner: ChannelTurnRunner, request: TurnRequest, steps: ChannelTurnSteps): Promise<void> {
  const { channelName, handler, logger } = runner;
  const confirmLease = runner.confirmLease ?? (async () => undefined);
  const threadId = request.threadId;
  let started: Promise<void> | undefined;
  let leaseLost = false;
  try {
    await steps.beforeTurn?.();
    const result = await handler.handle(request, {
      onStart: () => {
        // A job's run shows the working indicator only while it holds the lease; a turn that is not
        // a job starts it at once, before the first status arrives.
        started = runner.confirmLease ? runner.confirmLease().then(() => steps.onStart()) : steps.onStart();
      },
      onStatus: (status) => steps.onStatus?.(status),
      onTextDelta: (delta) => steps.onTextDelta?.(delta),
      onToolCallStart: (call) => steps.onToolCallStart?.(call),
      onToolCallEnd: (call) => steps.onToolCallEnd?.(call),
    }, { chartPlacement: runner.chartPlacement, offersSchedules: runner.offersSchedules });
    await started;
    if (result.kind === 'duplicate') {
      logger.info(`${channelName} event already handled; nothing to do.`, { threadId, eventKey: request.eventKey });
      return;
    }
    const plan = planReply(result.outcome);
    await confirmLease();
    await steps.postReply(plan);
    if (plan.signInRequired.length > 0) {
      await confirmLease();
      await steps.promptSignIn?.(plan);
    }
  } catch (error) {
    await started?.catch(() => undefined);
    if (error instanceof TurnLeaseLostError) {
      leaseLost = true;
      logger.warn(`${channelName} turn lost its job lease; the run that took the job over answers.`, { threadId });
      return;
    }
    logger.error(`${channelName} turn failed before an answer could be posted.`, { threadId, error });
    // Dedupe keys and locks live in the store: its outage stops a turn before the engine answers.
    const sentence = isStoreOutage(error) ? TURN_SENTENCES.storeUnavailable : TURN_SENTENCES.interrupted;
    await confirmLease()
      .then(() => steps.postInterrupted(sentence))
      .catch((postError: unknown) => {
        if (postError instanceof TurnLeaseLostError) leaseLost = true;
        else logger.error(`${channelName} could not tell the thread that the turn failed.`, { threadId, error: postError });
      });
  } finally {
    // The working indicator and any open stream belong to the run that took the job over.
    if (!leaseLost) await steps.finish();
  }
}
