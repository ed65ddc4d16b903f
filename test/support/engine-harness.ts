// Builds a real ConversationEngine (real store, real DuckDB) around a scripted model, for unit
// tests of the turn logic.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModel } from 'ai';
import { toolNames, type AgentSettings } from '../../src/config/agent-settings.js';
import type { AccessRule } from '../../src/config/config-schema.js';
import type { BudgetsConfig } from '../../src/config/budget-config.js';
import { ConversationEngine } from '../../src/conversations/conversation-engine.js';
import type { GroupMembership } from '../../src/access/group-membership.js';
import type { TurnRequest } from '../../src/conversations/types.js';
import { createDatabaseAdapter } from '../../src/databases/create-database-adapter.js';
import type { DatabaseAdapter } from '../../src/databases/types.js';
import { silentLogger, type Logger } from '../../src/logging/logger.js';
import { initStatementGate } from '../../src/sql/statement-gate.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/types.js';
import { randomIdFactory } from '../../src/support/clock-and-ids.js';
import type { ToolRuntime } from '../../src/tools/tool-offer.js';
import { createDuckDbFile } from './duckdb-fixture.js';

export interface EngineHarness {
  directory: string;
  storeUrl: string;
  store: Store;
  databases: DatabaseAdapter[];
  createEngine(options: { model: LanguageModel | undefined; settings?: Partial<AgentSettings>; accessRules?: AccessRule[]; logger?: Logger; toolRuntime?: ToolRuntime; budgets?: BudgetsConfig; clock?: () => Date; groupMembership?: GroupMembership; scheduleDefaultTimeZone?: string }): ConversationEngine;
  close(): Promise<void>;
}

export const SALES_ROWS = [
  ['North', 100],
  ['North', 200],
  ['South', 50],
] as const;

export function settingsForTest(overrides: Partial<AgentSettings> = {}): AgentSettings {
  return { model: 'test', maxSteps: 10, turnTimeoutMs: 60_000, queryTimeoutMs: 10_000, rowCap: 1_000, enabledTools: [...toolNames], ...overrides };
}

/** A real engine on a SQLite store in a temporary folder, or on the store at `storeUrl` (PostgreSQL). */
export async function createEngineHarness(options: { storeUrl?: string } = {}): Promise<EngineHarness> {
  await initStatementGate();
  const directory = await mkdtemp(join(tmpdir(), 'datathread-engine-'));
  await createDuckDbFile(join(directory, 'shop.duckdb'), [
    'CREATE TABLE sales (region VARCHAR, amount INTEGER)',
    `INSERT INTO sales VALUES ${SALES_ROWS.map(([region, amount]) => `('${region}', ${amount})`).join(', ')}`,
  ]);
  await createDuckDbFile(join(directory, 'hr.duckdb'), ['CREATE TABLE salaries (person VARCHAR, salary INTEGER)', "INSERT INTO salaries VALUES ('ana', 1)"]);
  const storeUrl = options.storeUrl ?? `sqlite:${join(directory, 'state.db')}`;
  const store = await openStore(storeUrl);
  const base = { auth_mode: 'password' as const, ssl: false, dangerously_allow_writes: false, allow_file_access: false };
  const databases = [
    await createDatabaseAdapter({ ...base, name: 'shop', type: 'duckdb', path: join(directory, 'shop.duckdb') }),
    await createDatabaseAdapter({ ...base, name: 'hr', type: 'duckdb', path: join(directory, 'hr.duckdb') }),
  ];
  return {
    directory,
    storeUrl,
    store,
    databases,
    createEngine: ({ model, settings, accessRules, logger, toolRuntime, budgets, clock, groupMembership, scheduleDefaultTimeZone }) =>
      new ConversationEngine({
        store,
        databases,
        settings: settingsForTest(settings),
        accessRules: accessRules ?? [],
        model,
        modelUnavailableReason: model ? undefined : 'No AI model is configured: set OPENAI_API_KEY.',
        logger: logger ?? silentLogger,
        clock: clock ?? (() => new Date()),
        createId: randomIdFactory,
        toolRuntime,
        budgets,
        groupMembership,
        scheduleDefaultTimeZone,
      }),
    close: async () => {
      await Promise.all(databases.map((database) => database.close()));
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export function slackLikeRequest(overrides: Partial<TurnRequest> = {}): TurnRequest {
  return {
    threadId: 'slack:T1:C1:1700000000.000100',
    platform: 'slack',
    actor: { platform: 'slack', userId: 'U_ANA', displayName: 'Ana', email: 'ana@example.com' },
    text: 'What are sales by region?',
    kind: 'message',
    place: { channelId: 'C1', teamId: 'T1', isDirectMessage: false },
    interactive: true,
    ...overrides,
  };
}
