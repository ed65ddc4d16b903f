// Agent settings from the `agent:` section of datathread.yaml, after defaults are applied.

export const toolNames = [
  'execute_sql',
  'read_query_result',
  'display_chart',
  'story',
  'clarification',
  'suggest_follow_ups',
] as const;

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
