// Agent settings from the `agent:` section of datathread.yaml, after defaults are applied.

/** Always offered (clarification only where someone can answer). */
export const coreToolNames = [
  'execute_sql',
  'read_query_result',
  'display_chart',
  'story',
  'clarification',
  'suggest_follow_ups',
  'remember',
  'schedule',
  'list_schedules',
] as const;

/** The project context folder tools (offered when the folder exists). */
export const contextToolNames = ['read', 'list', 'search', 'grep'] as const;

export const toolNames = [...coreToolNames, ...contextToolNames, 'execute_python', 'web_search', 'web_fetch', 'execute_sandboxed_code'] as const;

export type ToolName = (typeof toolNames)[number];

export interface AgentSettings {
  /** Model id, e.g. gpt-4.1; DATATHREAD_MODEL overrides it. */
  model: string;
  maxSteps: number;
  turnTimeoutMs: number;
  queryTimeoutMs: number;
  /** Rows kept (and persisted) per query result. */
  rowCap: number;
  enabledTools: ToolName[];
}

/**
 * The tools the config turns on: `agent.tools` when given (else every core and context tool), with
 * execute_python and the web tools (web_search, web_fetch) only when their sections enable them.
 * execute_sandboxed_code is on only when listed (the demo lists it). Whether a tool can really be
 * offered (folder present, Python binding loadable, a working sandbox, provider support) is decided
 * by the registry.
 */
export function selectEnabledTools(listed: readonly ToolName[] | undefined, sections: { python: boolean; webSearch: boolean }): ToolName[] {
  const requested: readonly ToolName[] = listed ?? [...coreToolNames, ...contextToolNames, 'execute_python', 'web_search', 'web_fetch'];
  const isWebTool = (name: ToolName) => name === 'web_search' || name === 'web_fetch';
  return requested.filter((name) => (name !== 'execute_python' || sections.python) && (!isWebTool(name) || sections.webSearch));
}
