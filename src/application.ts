// Builds the platform-free core from validated configuration: store, databases, model, engine.
// main.ts adds the HTTP server and channels on top; the CLI and tests use it directly.
import { createLanguageModel, type ModelAvailability } from './agent/model-factory.js';
import type { Environment } from './config/environment.js';
import type { LoadedConfig } from './config/load-config.js';
import { AnswerFeedbackRecorder } from './conversations/answer-feedback.js';
import { AnswerVerifier } from './verified/answer-verification.js';
import { VerifiedQueryLibrary } from './verified/verified-query-library.js';
import { ConversationEngine } from './conversations/conversation-engine.js';
import { MemoryDecisions } from './memory/memory-decisions.js';
import { GroupMembership } from './access/group-membership.js';
import { scheduleEventPurge } from './conversations/event-purge.js';
import { TurnQueue } from './conversations/turn-queue.js';
import { createDatabaseAdapter } from './databases/create-database-adapter.js';
import { ensureDemoWarehouse } from './databases/demo-warehouse.js';
import type { DatabaseAdapter, UserDatabaseCredential } from './databases/types.js';
import { createIdentityService, type IdentityService } from './identity/identity-service.js';
import { identitySettingsFrom } from './identity/identity-settings.js';
import type { Logger } from './logging/logger.js';
import { initStatementGate } from './sql/statement-gate.js';
import { openStore } from './store/open-store.js';
import { ScheduleProposalDecisions } from './schedules/schedule-proposal-decisions.js';
import type { Actor, Store } from './store/types.js';
import { randomIdFactory, systemClock, type Clock, type IdFactory } from './support/clock-and-ids.js';
import type { ToolRuntime } from './tools/tool-offer.js';
import { startToolRuntime } from './tools/tool-runtime.js';

export interface ApplicationOptions {
  environment: Environment;
  config: LoadedConfig;
  logger: Logger;
  clock?: Clock;
  createId?: IdFactory;
  credentialFor?: (actor: Actor, database: DatabaseAdapter) => Promise<UserDatabaseCredential | undefined>;
}

export interface Application {
  store: Store;
  databases: DatabaseAdapter[];
  engine: ConversationEngine;
  /** Stores 👍/👎 on answers with their question and SQL. */
  feedback: AnswerFeedbackRecorder;
  /** Undo / Approve / Reject / Forget on remembered corrections, with the configured verifiers. */
  memories: MemoryDecisions;
  /** Confirm / Cancel on schedules the agent proposed, with the configured admins. */
  scheduleProposals: ScheduleProposalDecisions;
  /** The Verify action on answers (offered when `verification.verifiers` names someone). */
  verification: AnswerVerifier;
  /** Durable turn jobs: channels submit accepted events here; main.ts starts and drains the workers. */
  turns: TurnQueue;
  model: ModelAvailability;
  config: LoadedConfig;
  /** Federated identity (Entra ID); present when a database uses auth_mode azure_entra_id. */
  identity?: IdentityService;
  /** Context folder, Python, web search and the connected MCP servers. */
  toolRuntime: ToolRuntime;
  /** Group memberships for access rules; the channels add how to read their platform's groups. */
  groupMembership: GroupMembership;
  close(): Promise<void>;
}

export async function createApplication(options: ApplicationOptions): Promise<Application> {
  const { environment, config, logger } = options;
  const clock = options.clock ?? systemClock;
  const createId = options.createId ?? randomIdFactory;
  if (config.isDemo) {
    const demoPath = config.databases[0]!.path!;
    await ensureDemoWarehouse(demoPath, clock);
    logger.info('no datathread.yaml found: using the built-in demo warehouse', { path: demoPath });
  }
  await initStatementGate();
  // Throws a ConfigError (key + fix) when federated databases lack the key, app or scope.
  const identitySettings = identitySettingsFrom(environment, config.databases);
  const store = await openStore(environment.stateUrl);
  const eventPurge = scheduleEventPurge({ store, clock, logger });
  const databases = await Promise.all(config.databases.map((database) => createDatabaseAdapter(database, { logger })));
  const identity = identitySettings ? createIdentityService({ settings: identitySettings, store, logger, clock }) : undefined;
  const model = createLanguageModel(config.model);
  if (model.available) logger.info('model configured', { model: model.description });
  else logger.warn(model.reason);
  const tooling = await startToolRuntime(config, logger);
  const groupMembership = new GroupMembership({ namedGroups: config.groups, clock, logger });
  const engine = new ConversationEngine({
    store,
    databases,
    settings: config.agent,
    accessRules: config.accessRules,
    verifiers: config.verification.verifiers,
    model: model.available ? model.model : undefined,
    modelUnavailableReason: model.available ? undefined : model.reason,
    logger,
    clock,
    createId,
    credentialFor: options.credentialFor ?? identity?.credentialFor,
    toolRuntime: tooling.runtime,
    budgets: config.budgets,
    verifiedQueries: new VerifiedQueryLibrary({ store: store.verifiedQueries, contextRoot: config.context.path, logger, databases }),
    offerVerify: config.verification.verifiers.length > 0,
    groupMembership,
    scheduleDefaultTimeZone: config.schedules.defaultTimeZone,
  });
  const turns = new TurnQueue({ store, clock, createId, logger, settings: environment.turnQueue, cancelTurn: (threadId) => engine.cancel(threadId) });
  return {
    store,
    databases,
    engine,
    feedback: new AnswerFeedbackRecorder(store, clock),
    memories: new MemoryDecisions(store.memories, config.verification.verifiers),
    scheduleProposals: new ScheduleProposalDecisions(store, config.featureLists.admin, clock, createId),
    verification: new AnswerVerifier(store, config.verification.verifiers, clock, createId),
    turns,
    model,
    config,
    identity,
    toolRuntime: tooling.runtime,
    groupMembership,
    close: async () => {
      await tooling.close();
      await Promise.allSettled(databases.map((database) => database.close()));
      await eventPurge.stop();
      await store.close();
    },
  };
}
