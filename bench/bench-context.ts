// A ToolContext for benchmarks: the same class the agent uses, on a real store.
import { toolNames, type AgentSettings } from '../src/config/agent-settings.js';
import type { DatabaseAdapter } from '../src/databases/types.js';
import type { Store } from '../src/store/types.js';
import { randomIdFactory } from '../src/support/clock-and-ids.js';
import { ToolContext } from '../src/tools/tool-context.js';

export function agentSettingsForBench(overrides: Partial<AgentSettings> = {}): AgentSettings {
  return { model: 'bench', maxSteps: 20, turnTimeoutMs: 300_000, queryTimeoutMs: 60_000, rowCap: 10_000, enabledTools: [...toolNames], ...overrides };
}

export function contextForBench(store: Store, databases: DatabaseAdapter[], settings: AgentSettings): ToolContext {
  return new ToolContext({
    threadId: 'bench:thread',
    actor: { platform: 'console', userId: 'bench' },
    settings,
    databases,
    store,
    now: () => new Date(),
    createId: randomIdFactory,
  });
}
