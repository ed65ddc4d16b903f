// Every tool the agent can be given, keyed by its name. The map is typed by ToolName, so a tool
// name without an entry (or an entry without a name) does not compile: adding a tool is one line
// here plus its name in config/agent-settings.ts. Each entry also says when the tool can be
// offered: no clarification where nobody can answer, context tools when the folder exists,
// execute_python when Monty loads, web search when the provider offers it.
import type { ToolSet } from 'ai';
import type { ToolName } from '../config/agent-settings.js';
import type { ContextFolder } from '../context-files/context-folder.js';
import { sharedPythonPool } from '../python/python-pool.js';
import { createClarificationTool } from './clarification.js';
import { createDisplayChartTool } from './display-chart.js';
import { createExecutePythonTool } from './execute-python.js';
import { createExecuteSandboxedCodeTool } from './execute-sandboxed-code.js';
import { createExecuteSqlTool } from './execute-sql.js';
import { createGrepFilesTool } from './grep-files.js';
import { createListFilesTool } from './list-files.js';
import { createListSchedulesTool } from './list-schedules.js';
import { createReadFileTool } from './read-file.js';
import { createReadQueryResultTool } from './read-query-result.js';
import { createRememberTool } from './remember.js';
import { createScheduleTool } from './schedule.js';
import { createSearchFilesTool } from './search-files.js';
import { createStoryTool } from './story.js';
import { createSuggestFollowUpsTool } from './suggest-follow-ups.js';
import type { ToolContext } from './tool-context.js';
import type { ToolFactory, ToolOffer, ToolRuntime } from './tool-offer.js';
import { createWebTool } from './web-search.js';

function existingContextFolder(runtime: ToolRuntime | undefined): ContextFolder | undefined {
  return runtime?.contextFolder?.exists() ? runtime.contextFolder : undefined;
}

function always(factory: ToolFactory): ToolOffer {
  return () => factory;
}

/** The folder as this turn's asker sees it: database folders of databases they may not use are hidden. */
function folderForAsker(folder: ContextFolder, context: ToolContext): ContextFolder {
  return folder.forDatabases(context.databases.map((database) => database.name));
}

function withContextFolder(create: (folder: ContextFolder) => ToolSet[string]): ToolOffer {
  return ({ runtime }) => {
    const folder = existingContextFolder(runtime);
    return folder ? (context) => create(folderForAsker(folder, context)) : undefined;
  };
}

export const builtInTools: Record<ToolName, ToolOffer> = {
  execute_sql: always(createExecuteSqlTool),
  read_query_result: always(createReadQueryResultTool),
  display_chart: ({ runtime }) => (context) => createDisplayChartTool(context, runtime),
  story: always(createStoryTool),
  clarification: ({ interactive }) => (interactive ? createClarificationTool : undefined),
  suggest_follow_ups: always(createSuggestFollowUpsTool),
  remember: always(createRememberTool),
  schedule: always(createScheduleTool),
  list_schedules: ({ runtime }) => (context) => createListSchedulesTool(context, runtime?.scheduleAdmins ?? []),
  read: withContextFolder(createReadFileTool),
  list: withContextFolder(createListFilesTool),
  search: withContextFolder(createSearchFilesTool),
  grep: withContextFolder(createGrepFilesTool),
  execute_python: ({ runtime }) => {
    const python = runtime?.python;
    if (python?.available !== true) return undefined;
    const folder = existingContextFolder(runtime);
    return (context) => createExecutePythonTool(context, { runner: sharedPythonPool(), folder: folder && folderForAsker(folder, context) });
  },
  web_search: ({ runtime }) => (runtime?.webSearch?.available === true ? () => createWebTool('web_search', runtime.modelProvider) : undefined),
  web_fetch: ({ runtime }) => (runtime?.webFetch?.available === true ? () => createWebTool('web_fetch', runtime.modelProvider) : undefined),
  execute_sandboxed_code: ({ runtime }) => {
    const sandbox = runtime?.sandbox;
    if (sandbox?.available !== true) return undefined;
    return (context) => createExecuteSandboxedCodeTool(context, { pool: sandbox.pool, limits: sandbox.limits });
  },
};
