// The `datathread check` lines about the optional tools: the context folder, Python (and why it
// is off), the sandbox backend (which one, or why none), web search, and each MCP server (connected with its tools, or the failure and that it
// is skipped).
import type { LoadedConfig } from '../config/load-config.js';
import { summarizeContextFolder } from '../context-files/summarize-folder.js';
import type { ToolRuntime } from '../tools/tool-offer.js';
import { formatDuration } from './terminal-wording.js';

export interface ToolRuntimeReport {
  text: string;
  /** MCP servers that could not be started. */
  failures: number;
}

const MAX_MCP_TOOLS_LISTED = 20;

export async function describeToolRuntime(runtime: ToolRuntime, config: Pick<LoadedConfig, 'python'>): Promise<ToolRuntimeReport> {
  const lines: string[] = [];
  let failures = 0;
  const folder = runtime.contextFolder;
  if (folder) {
    const summary = await summarizeContextFolder(folder).catch(() => undefined);
    lines.push(
      summary
        ? `Context folder: ${folder.root} — OK, ${summary.lines.length + summary.more} top-level entries`
        : `Context folder: ${folder.root} — not found (read, list, search and grep are off until it exists)`,
    );
  }
  const python = runtime.python;
  if (python?.available) lines.push('Python (execute_python): available — Monty sandbox, 30 s / 64 MB limits');
  else if (python) lines.push(`Python (execute_python): ${config.python.enabled ? 'NOT AVAILABLE — ' : ''}${python.reason}`);
  const sandbox = runtime.sandbox;
  if (sandbox?.available) {
    const network = sandbox.networkAllowlist.length > 0 ? `network to ${sandbox.networkAllowlist.join(', ')}` : 'no network';
    lines.push(`Sandbox (execute_sandboxed_code): available — ${sandbox.description}, ${formatDuration(sandbox.limits.wallClockMs)} / ${Math.round(sandbox.limits.memoryBytes / (1024 * 1024))} MB limits, ${network}`);
  } else if (sandbox) lines.push(`Sandbox (execute_sandboxed_code): ${sandbox.reason.startsWith('off') ? '' : 'NOT AVAILABLE — '}${sandbox.reason}`);
  if (runtime.webSearch) lines.push(`Web search: ${runtime.webSearch.reason}`);
  if (runtime.webFetch?.available) lines.push(`Web fetch: ${runtime.webFetch.reason}`);
  for (const server of runtime.mcp?.statuses ?? []) {
    const label = `MCP server ${server.name} (${server.transport}: ${server.target})`;
    if (server.connected) {
      const shown = server.toolNames.slice(0, MAX_MCP_TOOLS_LISTED).join(', ');
      const more = server.toolNames.length > MAX_MCP_TOOLS_LISTED ? ` and ${server.toolNames.length - MAX_MCP_TOOLS_LISTED} more` : '';
      lines.push(`${label}: OK — ${server.toolNames.length} tools: ${shown}${more}`);
    } else {
      failures += 1;
      lines.push(`${label}: FAILED — ${server.error}. The server is skipped; the agent runs without its tools.`);
    }
  }
  return { text: lines.map((line) => `${line}\n`).join(''), failures };
}
