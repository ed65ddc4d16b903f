// The registry decides the tool set from the settings and what the platform supports.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectEnabledTools, toolNames } from '../../src/config/agent-settings.js';
import { parseConfigText } from '../../src/config/load-config.js';
import { readEnvironment } from '../../src/config/environment.js';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import { selectToolNames } from '../../src/tools/tool-registry.js';
import { webToolAvailability } from '../../src/tools/web-search.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-gating-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('tool gating', () => {
  it('turns execute_python and web_search on only through their config sections', () => {
    expect(selectEnabledTools(undefined, { python: true, webSearch: false })).toEqual([
      'execute_sql', 'read_query_result', 'display_chart', 'story', 'clarification', 'suggest_follow_ups', 'remember', 'schedule', 'list_schedules', 'read', 'list', 'search', 'grep', 'execute_python',
    ]);
    expect(selectEnabledTools(['execute_sql', 'web_search', 'execute_python'], { python: false, webSearch: true })).toEqual(['execute_sql', 'web_search']);
  });

  it('reads the new config sections with their defaults', () => {
    const environment = readEnvironment({});
    const loaded = parseConfigText('databases: []\n', join(directory, 'datathread.yaml'), environment);
    expect(loaded.context.path).toBe(join(directory, 'context'));
    expect(loaded.python.enabled).toBe(true);
    expect(loaded.webSearch.enabled).toBe(false);
    expect(loaded.mcp.servers).toEqual([]);
    expect(loaded.agent.enabledTools).not.toContain('web_search');
  });

  it('refuses an MCP server with both or neither of command and url', () => {
    const environment = readEnvironment({});
    expect(() => parseConfigText('mcp:\n  servers:\n    - name: x\n', 'datathread.yaml', environment)).toThrow(/mcp\.servers\[0\]\.command.*either `command`/s);
    expect(() => parseConfigText('mcp:\n  servers:\n    - name: bad__name\n      url: http://localhost/mcp\n', 'datathread.yaml', environment)).toThrow(/mcp\.servers\[0\]\.name/);
  });

  it('offers the context tools only when the folder exists, and clarification only in interactive runs', () => {
    const enabled = [...toolNames];
    const missing = selectToolNames(enabled, { interactive: false, runtime: { contextFolder: new ContextFolder(join(directory, 'nope')) } });
    expect(missing).toEqual(['execute_sql', 'read_query_result', 'display_chart', 'story', 'suggest_follow_ups', 'remember', 'schedule', 'list_schedules']);
    const present = selectToolNames(enabled, { interactive: true, runtime: { contextFolder: new ContextFolder(directory) } });
    expect(present).toEqual(['execute_sql', 'read_query_result', 'display_chart', 'story', 'clarification', 'suggest_follow_ups', 'remember', 'schedule', 'list_schedules', 'read', 'list', 'search', 'grep']);
  });

  it('offers each provider its own web tools: search on OpenAI, Anthropic and Google, fetch on Anthropic only', () => {
    expect(webToolAvailability('web_search', false, 'openai')).toEqual({ available: false, reason: 'off (web_search.enabled is false)' });
    expect(webToolAvailability('web_search', true, 'openai')).toEqual({ available: true, reason: 'available (OpenAI web search)' });
    expect(webToolAvailability('web_search', true, 'anthropic').available).toBe(true);
    expect(webToolAvailability('web_fetch', true, 'anthropic').available).toBe(true);
    expect(webToolAvailability('web_search', true, 'google')).toEqual({ available: true, reason: 'available (Google Search grounding)' });
    expect(webToolAvailability('web_fetch', true, 'google').available).toBe(false);
    for (const provider of ['openai_compatible', 'azure', 'bedrock'] as const) {
      expect(webToolAvailability('web_search', true, provider)).toEqual({ available: false, reason: `not available: the ${provider} provider has no built-in web search tool` });
    }
    expect(webToolAvailability('web_search', true, undefined).available).toBe(false);
    expect(selectToolNames(['execute_sql', 'web_search'], { interactive: true, runtime: { webSearch: { available: true } } })).toEqual(['execute_sql', 'web_search']);
    expect(selectToolNames(['execute_sql', 'web_search', 'web_fetch'], { interactive: true, runtime: { webSearch: { available: false }, webFetch: { available: false } } })).toEqual(['execute_sql']);
  });

  it('turns web_fetch on with the web_search section', () => {
    expect(selectEnabledTools(['execute_sql', 'web_search', 'web_fetch'], { python: false, webSearch: false })).toEqual(['execute_sql']);
    expect(selectEnabledTools(undefined, { python: false, webSearch: true })).toEqual(expect.arrayContaining(['web_search', 'web_fetch']));
  });
});
