// Runs a turn: dedupe -> per-thread lock -> who asks and their groups (access) -> the thread's
// history without results they may not read -> the question (a pending clarification or sign-in
// retry folded in) -> the turn's steps in order (`steps`: budget admission, remembered corrections,
// verified queries), which may refuse the turn and add to the system prompt -> agent
// loop with the tools over the databases the asker may use (the steps watch each model step) ->
// persist messages, usage, a clarification or sign-in wait -> the steps' last word on the outcome ->
// a neutral TurnOutcome for the channel to render. Platform-free. A feature that takes part in
// every turn adds a step (steps/turn-step.ts), not code here.
import type { LanguageModel, LanguageModelUsage, ModelMessage } from 'ai';
import { modelIdentityOf } from '../agent/model-identity.js';
import { buildSuggestedPrompts, type SuggestedPrompt } from './suggested-prompts.js';
import { runAgentLoop } from '../agent/run-agent-loop.js';
import { SchemaCatalog } from '../agent/schema-catalog.js';
import { buildSystemPrompt } from '../agent/system-prompt.js';
import type { AccessRule } from '../config/config-schema.js';
import type { AgentSettings } from '../config/agent-settings.js';
import type { BudgetsConfig } from '../config/budget-config.js';
import { BudgetGuard } from '../governance/budget-guard.js';
import type { DatabaseAdapter, UserDatabaseCredential } from '../databases/types.js';
import type { Logger } from '../logging/logger.js';
import type { Actor, Store } from '../store/types.js';
import type { Clock, IdFactory } from '../support/clock-and-ids.js';
import { ToolContext } from '../tools/tool-context.js';
import { summarizeContextFolder } from '../context-files/summarize-folder.js';
import { DATABASES_DIRECTORY, databaseFolderName } from '../context-files/database-folders.js';
import type { ToolRuntime } from '../tools/tool-offer.js';
import { createToolSet, selectToolNames } from '../tools/tool-registry.js';
import { accessSubjectOf, allowedDatabaseNamesFor, type AccessSubject } from '../access/access-rules.js';
import type { GroupMembership } from '../access/group-membership.js';
import { rememberAnswer } from './answer-feedback.js';
import { createResultReadCheck, ResultAccessDeniedError } from '../access/result-access.js';
import { withoutUnreadableResults } from '../access/history-access.js';
import { MemoryDecisions } from '../memory/memory-decisions.js';
import { classifyFailure } from './classify-failure.js';
import { historyFromStore, lastUserText, toStorable } from './history.js';
import { buildOutcome, failedOutcome } from './outcome.js';
import { describeToolStatus } from './tool-status.js';
import { ThreadLock } from './thread-lock.js';
import type { VerifiedQueryLibrary } from '../verified/verified-query-library.js';
import { rememberForVerify } from './verified-turn.js';
import { budgetStep } from './steps/budget-step.js';
import { memoryStep } from './steps/memory-step.js';
import type { TurnStep, TurnStepRun } from './steps/turn-step.js';
import { verifiedQueriesStep } from './steps/verified-queries-step.js';
import type { HandleResult, TurnHandler, TurnObserver, TurnOutcome, TurnPresentation, TurnRequest } from './types.js';

/** Longer than any platform's redelivery window (Slack retries for ~5 minutes). */
export const EVENT_DEDUPE_TTL_MS = 24 * 60 * 60_000;

export interface ConversationEngineOptions {
  store: Store;
  databases: DatabaseAdapter[];
  settings: AgentSettings;
  accessRules: AccessRule[];
  /** Undefined when no model is configured: turns then answer with `modelUnavailableReason`. */
  model: LanguageModel | undefined;
  modelUnavailableReason?: string;
  logger: Logger;
  clock: Clock;
  createId: IdFactory;
  /** The asker's own token for a federated database (federated databases). */
  credentialFor?: (actor: Actor, database: DatabaseAdapter) => Promise<UserDatabaseCredential | undefined>;
  /** Context folder, Python, web search, MCP servers (tool-runtime.ts); without it only core tools. */
  toolRuntime?: ToolRuntime;
  /** Spending limits; undefined: none (every turn is still recorded in the ledger). */
  budgets?: BudgetsConfig | undefined;
  /** Who approves workspace memories (`verification.verifiers`); none: workspace memories stay pending. */
  verifiers?: readonly string[];
  /** Verified queries: the closest are trusted examples in the prompt; an answer running one is badged. */
  verifiedQueries?: VerifiedQueryLibrary;
  /** Verifiers are configured: each answer keeps what a Verify click would store (one thread value). */
  offerVerify?: boolean;
  /** Resolves the groups an asker belongs to when a turn starts; without it only users, channels and teams match rules. */
  groupMembership?: GroupMembership;
  /** `schedules.default_timezone`: Slack and Teams turns may then propose schedules (the schedule tool). */
  scheduleDefaultTimeZone?: string;
}

export class ConversationEngine implements TurnHandler {
  private readonly lock = new ThreadLock();
  private readonly schemas: SchemaCatalog;
  private readonly running = new Map<string, AbortController>();
  private readonly memoryDecisions: MemoryDecisions;
  /** What each feature does in every turn, in this order; the budget comes first so a refused turn reads nothing else. */
  private readonly steps: readonly TurnStep[];

  constructor(private readonly options: ConversationEngineOptions) {
    this.schemas = new SchemaCatalog(options.clock, options.store);
    const guard = new BudgetGuard({
      config: options.budgets,
      ledger: options.store.ledger,
      clock: options.clock,
      turnTimeoutMs: options.settings.turnTimeoutMs,
      model: options.model ? modelIdentityOf(options.model) : undefined,
    });
    this.memoryDecisions = new MemoryDecisions(options.store.memories, options.verifiers ?? []);
    this.steps = [
      budgetStep({ guard, budgets: options.budgets, logger: options.logger }),
      memoryStep({ memories: options.store.memories, clock: options.clock, logger: options.logger }),
      verifiedQueriesStep({ library: options.verifiedQueries, logger: options.logger }),
    ];
  }

  async markEventProcessed(...eventKeys: string[]): Promise<boolean> {
    const now = this.options.clock();
    return this.options.store.markEventsProcessed(eventKeys, now, new Date(now.getTime() + EVENT_DEDUPE_TTL_MS));
  }

  async isKnownThread(threadId: string): Promise<boolean> {
    return (await this.options.store.getConversation(threadId)) !== undefined;
  }

  async suggestPrompts(asker: Pick<TurnRequest, 'platform' | 'place' | 'actor'>): Promise<SuggestedPrompt[]> {
    const allowed = new Set(allowedDatabaseNamesFor(this.options.accessRules, await this.subjectOf(asker), this.options.databases.map((database) => database.name)));
    const databases = this.options.databases.filter((database) => allowed.has(database.name));
    return buildSuggestedPrompts(await Promise.all(databases.map(async (database) => ({ name: database.name, schema: await this.schemas.schemaOf(database) }))));
  }

  cancel(threadId: string): boolean {
    const controller = this.running.get(threadId);
    if (!controller) return false;
    controller.abort(new Error('cancelled'));
    return true;
  }

  async handle(request: TurnRequest, observer: TurnObserver = {}, presentation: TurnPresentation = {}): Promise<HandleResult> {
    const keys = [request.eventKey, ...(request.extraEventKeys ?? [])].filter((key): key is string => Boolean(key));
    // All keys in one transaction: of two racing deliveries exactly one runs (a turn queued as a
    // job had its keys recorded at enqueue and arrives here without them).
    if (keys.length > 0 && !(await this.markEventProcessed(...keys))) {
      this.options.logger.info('duplicate event ignored', { threadId: request.threadId, keys });
      return { kind: 'duplicate' };
    }
    const outcome = await this.lock.runExclusive(request.threadId, () => this.runTurn(request, observer, presentation));
    return { kind: 'completed', outcome };
  }

  private async runTurn(request: TurnRequest, observer: TurnObserver, presentation: TurnPresentation): Promise<TurnOutcome> {
    const { store, clock, logger } = this.options;
    observer.onStart?.();
    await store.ensureConversation(request.threadId, request.platform, clock());
    // Groups are read once per turn: every check of this turn sees the same memberships.
    const subject = await this.subjectOf(request);
    const history = await this.readableHistory(request, subject, historyFromStore(await store.listMessages(request.threadId)));
    const questionText = await this.questionFor(request, history);
    const userMessage: ModelMessage = { role: 'user', content: questionText };
    if (!this.options.model) {
      await this.persist(request.threadId, [userMessage]);
      return failedOutcome(request.threadId, { kind: 'not_configured', message: this.options.modelUnavailableReason ?? 'No AI model is configured.', retryable: false });
    }
    const turn = { turnId: this.options.createId('turn_'), request, subject, questionText, databases: this.allowedDatabases(subject) };
    const runs: TurnStepRun[] = [];
    for (const step of this.steps) {
      const run = await step.start(turn);
      if (run.refusal) {
        await this.persist(request.threadId, [userMessage]);
        return failedOutcome(request.threadId, run.refusal);
      }
      runs.push(run);
    }
    const controller = new AbortController();
    this.running.set(request.threadId, controller);
    const timeout = AbortSignal.timeout(this.options.settings.turnTimeoutMs);
    const signal = AbortSignal.any([controller.signal, timeout]);
    const context = this.createContext(request, subject, signal, observer, presentation);
    try {
      observer.onStatus?.('Thinking…');
      const toolOptions = { interactive: request.interactive, runtime: this.options.toolRuntime };
      const toolNames = selectToolNames(this.options.settings.enabledTools, toolOptions);
      // The folder as this asker sees it: no files of databases they may not use.
      const contextFolder = this.options.toolRuntime?.contextFolder?.forDatabases(context.databases.map((database) => database.name));
      const contextTools = contextFolder !== undefined && toolNames.includes('read');
      const sections = [];
      for (const run of runs) if (run.prompt) sections.push(await run.prompt());
      const system = buildSystemPrompt({
        ...Object.assign({}, ...sections),
        today: clock(),
        platform: platformName(request.platform),
        toolNames,
        contextFolder: contextTools ? await summarizeContextFolder(contextFolder) : undefined,
        databases: await Promise.all(
          context.databases.map(async (database) => ({
            name: database.name,
            dialect: database.dialect,
            federated: database.requiresUserCredential,
            ...(await this.schemas.describe(database)),
            // An unreadable context folder only leaves the prompt with the column dump.
            tableIndex: contextTools ? await this.schemas.tableIndexOf(database, contextFolder).catch(() => undefined) : undefined,
            contextPath: `/${DATABASES_DIRECTORY}/${databaseFolderName(database.name)}/`,
          })),
        ),
      });
      // A Stop click while the prompt was being built must not reach the model at all.
      signal.throwIfAborted();
      const result = await runAgentLoop({
        model: this.options.model,
        system,
        messages: [...history, userMessage],
        tools: createToolSet(context, toolOptions),
        maxSteps: this.options.settings.maxSteps,
        abortSignal: signal,
        onTextDelta: (delta) => observer.onTextDelta?.(delta),
        onToolCallStart: (call) => {
          const status = describeToolStatus(call.toolName);
          if (status) observer.onStatus?.(status);
          observer.onToolCallStart?.(call);
        },
        onToolCallEnd: ({ error, ...call }) => {
          // A failed call goes back to the model, which may correct it; the log keeps what went wrong.
          if (error !== undefined) logger.warn('tool call failed', { threadId: request.threadId, toolName: call.toolName, error });
          observer.onToolCallEnd?.(call);
        },
        onStepUsage: async (usage) => {
          for (const run of runs) await run.onStepUsage?.(usage);
        },
        shouldStop: async () => {
          let stop = false;
          for (const run of runs) if (run.shouldStop && (await run.shouldStop())) stop = true;
          return stop;
        },
      });
      await this.flushContext(context, request.threadId);
      await this.persist(request.threadId, [userMessage, ...result.responseMessages]);
      await this.recordUsage(request.threadId, result.usage);
      if (context.clarification) {
        await store.savePendingClarification({
          threadId: request.threadId,
          question: context.clarification.question,
          options: context.clarification.options,
          askedUserId: request.actor.userId,
          platformState: null,
          createdAt: clock(),
        });
      }
      if (context.signInRequiredFor.size > 0) {
        // After sign-in, this person's retry re-asks this question, even if others spoke since.
        await store.setThreadValue(request.threadId, pendingSignInKey(request.actor.userId), questionText, clock());
      }
      let outcome = await this.withAnswerId(buildOutcome(request.threadId, result, context), questionText);
      for (const run of runs) if (run.finish) outcome = await run.finish(outcome);
      return outcome;
    } catch (error) {
      const reason = controller.signal.aborted ? 'cancelled' : timeout.aborted ? 'timeout' : undefined;
      await this.flushContext(context, request.threadId);
      await this.persist(request.threadId, [userMessage]).catch(() => undefined);
      if (reason === 'cancelled') {
        for (const run of runs) await run.abort?.('cancelled', null);
        logger.info('turn cancelled', { threadId: request.threadId });
        return { ...buildOutcome(request.threadId, { text: '', hitStepLimit: false }, context), status: 'cancelled' };
      }
      const failure = classifyFailure(error, reason, this.options.settings.turnTimeoutMs);
      for (const run of runs) await run.abort?.('failed', failure.kind);
      logger.error('turn failed', { threadId: request.threadId, kind: failure.kind, error });
      return { ...buildOutcome(request.threadId, { text: '', hitStepLimit: false }, context), status: 'failed', failure };
    } finally {
      this.running.delete(request.threadId);
    }
  }

  /** The words the model receives for this request; a pending clarification is consumed here. */
  private async questionFor(request: TurnRequest, history: ModelMessage[]): Promise<string> {
    const { store } = this.options;
    if (request.kind === 'retry') {
      const waitingForSignIn = await store.getThreadValue(request.threadId, pendingSignInKey(request.actor.userId));
      if (waitingForSignIn) {
        await store.setThreadValue(request.threadId, pendingSignInKey(request.actor.userId), '', this.options.clock());
        return waitingForSignIn;
      }
      return lastUserText(history) ?? request.text;
    }
    // Whatever comes next in the thread moves the conversation on, so the question is taken in any
    // case; only the asked person's reply (or an option click) counts as the answer to it.
    const pending = await store.takePendingClarification(request.threadId);
    if (pending) {
      const isAnswer = request.kind === 'clarification_answer' || request.actor.userId === pending.askedUserId;
      if (isAnswer) return `Answer to your question "${pending.question}": ${request.text}`;
    }
    return request.text;
  }

  /**
   * An answer gets an id under which its question and SQL are remembered, so feedback on it can be
   * stored with them. Failing to remember costs only the feedback's context: logged, never shown.
   */
  private async withAnswerId(outcome: TurnOutcome, question: string): Promise<TurnOutcome> {
    if (outcome.status !== 'answered') return outcome;
    const answerId = this.options.createId('answer_');
    const sql = outcome.queries.map((query) => query.sql).filter((text) => text.trim() !== '');
    try {
      await rememberAnswer(this.options.store, outcome.threadId, answerId, { question, sql }, this.options.clock());
      if (this.options.offerVerify) await rememberForVerify(this.options.store, { ...outcome, answerId }, question, this.options.clock());
      return { ...outcome, answerId };
    } catch (error) {
      this.options.logger.error('answer not remembered; feedback on it cannot be offered', { threadId: outcome.threadId, error });
      return outcome;
    }
  }

  /** The basis for budgets: one row per answered turn. A failed write is logged, never shown. */
  private async recordUsage(threadId: string, usage: LanguageModelUsage): Promise<void> {
    if (!this.options.model) return;
    await this.options.store
      .recordTokenUsage({
        threadId,
        ...modelIdentityOf(this.options.model),
        inputTokens: usage.inputTokens ?? 0,
        outputTokens: usage.outputTokens ?? 0,
        cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? 0,
        createdAt: this.options.clock(),
      })
      .catch((error: unknown) => this.options.logger.error('token usage not recorded', { threadId, error }));
  }

  /** The thread's history with results of databases this asker may not use replaced by a note. */
  private async readableHistory(request: TurnRequest, subject: AccessSubject, history: ModelMessage[]): Promise<ModelMessage[]> {
    if (this.options.accessRules.length === 0) return history;
    const mayRead = createResultReadCheck(this.options.accessRules, this.options.databases.map((database) => database.name));
    return withoutUnreadableResults(
      history,
      async (queryId) => (await this.options.store.getQueryResult(request.threadId, queryId))?.databaseName,
      (databaseName) => mayRead(subject, databaseName),
    );
  }

  /** Who asks, with the groups they belong to right now. */
  private async subjectOf(asker: Pick<TurnRequest, 'platform' | 'place' | 'actor'>): Promise<AccessSubject> {
    const subject = accessSubjectOf(asker);
    return this.options.groupMembership ? this.options.groupMembership.withGroups(subject) : subject;
  }

  /** The databases the access rules give this asker. */
  private allowedDatabases(subject: AccessSubject): DatabaseAdapter[] {
    const allowed = new Set(allowedDatabaseNamesFor(this.options.accessRules, subject, this.options.databases.map((database) => database.name)));
    return this.options.databases.filter((database) => allowed.has(database.name));
  }

  private createContext(request: TurnRequest, subject: AccessSubject, signal: AbortSignal, observer: TurnObserver, presentation: TurnPresentation): ToolContext {
    const allNames = this.options.databases.map((database) => database.name);
    const credentialFor = this.options.credentialFor;
    const mayRead = createResultReadCheck(this.options.accessRules, allNames);
    return new ToolContext({
      refuseStoredResult: (queryId, databaseName) => (mayRead(subject, databaseName) ? undefined : new ResultAccessDeniedError(queryId, databaseName)),
      threadId: request.threadId,
      actor: request.actor,
      actorGroups: subject.groups,
      settings: this.options.settings,
      databases: this.allowedDatabases(subject),
      store: this.options.store,
      now: this.options.clock,
      createId: this.options.createId,
      signal,
      credentialFor: credentialFor ? (database) => credentialFor(request.actor, database) : undefined,
      onStatus: (status) => observer.onStatus?.(status),
      model: this.options.model ? modelIdentityOf(this.options.model) : undefined,
      memory: { channelId: request.place.channelId || undefined, decisions: this.memoryDecisions },
      // A schedule needs a channel to post in and buttons to confirm it: the asker's channel says whether it has them.
      ...(this.options.scheduleDefaultTimeZone && presentation.offersSchedules === true
        ? { scheduling: { channelId: request.place.channelId || undefined, teamId: request.place.teamId, defaultTimeZone: this.options.scheduleDefaultTimeZone } }
        : {}),
      // The asker's channel says how its charts are shown (a Teams card is narrower than a Slack preview).
      chartPlacement: presentation.chartPlacement ?? 'thread_image',
    });
  }

  /** Waits for the tools' background store writes (results, audit rows); logs any that failed. */
  private async flushContext(context: ToolContext, threadId: string): Promise<void> {
    for (const error of await context.flush()) {
      this.options.logger.error('a background store write failed; a query result or audit row may be missing', { threadId, error });
    }
  }

  private async persist(threadId: string, messages: ModelMessage[]): Promise<void> {
    const now = this.options.clock();
    await this.options.store.appendMessages(
      threadId,
      messages.map((message) => ({ threadId, role: message.role as 'user' | 'assistant' | 'tool', content: toStorable(message), createdAt: now })),
    );
  }
}

/** The thread value holding the question a person must sign in for before it can run. */
function pendingSignInKey(userId: string): string {
  return `pending-sign-in:${userId}`;
}

function platformName(platform: TurnRequest['platform']): string {
  return { slack: 'Slack', teams: 'Microsoft Teams', console: 'terminal', mcp: 'MCP client' }[platform];
}
