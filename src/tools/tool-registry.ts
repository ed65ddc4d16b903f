// The one place that decides which tools a turn gets (as nao's getTools): from the settings and
// what the place supports (no clarification where nobody can answer).
import type { ToolSet } from 'ai';
import type { ToolName } from '../config/agent-settings.js';
import { createClarificationTool } from './clarification.js';
import { createExecuteSqlTool } from './execute-sql.js';
import { createReadQueryResultTool } from './read-query-result.js';
import { createSuggestFollowUpsTool } from './suggest-follow-ups.js';
import type { ToolContext } from './tool-context.js';

export interface ToolSetOptions {
  /** False in non-interactive runs (datathread mcp, ask without a terminal): no clarification. */
  interactive: boolean;
}

type ToolFactory = (context: ToolContext) => ToolSet[string];

const factories: Partial<Record<ToolName, ToolFactory>> = {
  execute_sql: createExecuteSqlTool,
  read_query_result: createReadQueryResultTool,
  clarification: createClarificationTool,
  suggest_follow_ups: createSuggestFollowUpsTool,
};

/** Registers a tool implemented in another module (charts, stories) without a cycle of imports. */
export function registerToolFactory(name: ToolName, factory: ToolFactory): void {
  factories[name] = factory;
}

export function selectToolNames(enabled: readonly ToolName[], options: ToolSetOptions): ToolName[] {
  return enabled.filter((name) => factories[name] !== undefined && (name !== 'clarification' || options.interactive));
}

export function createToolSet(context: ToolContext, options: ToolSetOptions): ToolSet {
  const tools: ToolSet = {};
  for (const name of selectToolNames(context.settings.enabledTools, options)) tools[name] = factories[name]!(context);
  return tools;
}
