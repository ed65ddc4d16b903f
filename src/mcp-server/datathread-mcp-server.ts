// `datathread mcp`: datathread itself as an MCP server, so other agents can use it. Two tools:
// `ask` (a question answered by the same engine, non-interactive, charts returned as PNG images)
// and `execute_sql` (one read-only query through the same statement gate, audited like any other).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Application } from '../application.js';
import { accessSubjectOf, allowedDatabaseNamesFor } from '../access/access-rules.js';
import type { TurnOutcome, TurnRequest } from '../conversations/types.js';
import { checkStatement } from '../sql/read-only-check.js';
import type { Actor } from '../store/types.js';
import { randomIdFactory, systemClock, type Clock, type IdFactory } from '../support/clock-and-ids.js';
import { renderExecuteSqlOutput } from '../tools/execute-sql-output.js';
import { executeSql } from '../tools/execute-sql.js';
import { selectDatabase } from '../tools/select-database.js';
import { ToolContext } from '../tools/tool-context.js';
import { planReply } from '../conversations/reply-plan.js';

export const MCP_SERVER_INFO = { name: 'datathread', version: '0.1.0' };
const CONVERSATION_ID = /^mcp:[a-z0-9]{8,40}$/;

export interface DatathreadMcpServerOptions {
  clock?: Clock;
  createId?: IdFactory;
}

function textResult(text: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) };
}

function describeOutcome(outcome: TurnOutcome): string {
  const plan = planReply(outcome);
  const parts: string[] = [];
  if (plan.answer) parts.push(plan.answer);
  parts.push(...plan.notes);
  if (plan.sentence) parts.push(plan.sentence.kind === 'failed' ? `Error: ${plan.sentence.text}` : plan.sentence.text);
  if (outcome.charts.length > 0) {
    const count = outcome.charts.length === 1 ? 'One chart is attached as a PNG image' : `${outcome.charts.length} charts are attached as PNG images`;
    parts.push(`${count}: ${outcome.charts.map((chart) => chart.title).join('; ')}.`);
  }
  const ran = outcome.queries.filter((query) => query.queryId);
  if (ran.length > 0) parts.push(`Queries run: ${ran.map((query) => `${query.queryId} on ${query.databaseName} (${query.rowCount} rows): ${query.sql}`).join('\n')}`);
  if (outcome.followUps.length > 0) parts.push(`Possible follow-up questions:\n${outcome.followUps.map((suggestion) => `- ${suggestion}`).join('\n')}`);
  parts.push(`conversation_id: ${outcome.threadId} (pass it to ask again to continue this conversation)`);
  return parts.join('\n\n');
}

export function createDatathreadMcpServer(application: Application, options: DatathreadMcpServerOptions = {}): McpServer {
  const clock = options.clock ?? systemClock;
  const createId = options.createId ?? randomIdFactory;
  const server = new McpServer(MCP_SERVER_INFO);
  const actor = (): Actor => {
    const client = server.server.getClientVersion()?.name ?? 'client';
    return { platform: 'mcp', userId: `mcp:${client}`, displayName: client };
  };
  const requestFor = (threadId: string, text: string): TurnRequest => ({
    threadId,
    platform: 'mcp',
    actor: actor(),
    text,
    kind: 'message',
    place: { channelId: 'mcp', isDirectMessage: true },
    interactive: false,
  });

  server.registerTool(
    'ask',
    {
      description:
        'Ask datathread, a data analyst with read-only access to the company databases, a question in plain language. It runs SQL, computes and draws charts (returned as PNG images), and answers in Markdown.',
      inputSchema: {
        question: z.string().min(1).describe('The question, e.g. "Revenue by region last quarter?"'),
        conversation_id: z.string().optional().describe('The conversation_id of an earlier answer, to ask a follow-up in the same conversation.'),
      },
    },
    async ({ question, conversation_id }) => {
      if (conversation_id !== undefined && !CONVERSATION_ID.test(conversation_id)) {
        return textResult(`Unknown conversation_id "${conversation_id}": use the conversation_id an earlier ask returned, or leave it out.`, true);
      }
      const threadId = conversation_id ?? createId('mcp:');
      const result = await application.engine.handle(requestFor(threadId, question));
      if (result.kind !== 'completed') return textResult('This question is already being answered.', true);
      const outcome = result.outcome;
      return {
        content: [
          { type: 'text', text: describeOutcome(outcome) },
          ...outcome.charts.map((chart) => ({ type: 'image' as const, data: chart.png.toString('base64'), mimeType: 'image/png' })),
        ],
        ...(outcome.status === 'failed' ? { isError: true } : {}),
      };
    },
  );

  server.registerTool(
    'execute_sql',
    {
      description:
        'Run one read-only SQL query (SELECT / WITH) on a datathread database and get a preview of the result. Writes are always refused here, whatever the database settings.',
      inputSchema: {
        sql_query: z.string().min(1).describe('One read-only SQL query.'),
        database_id: z.string().optional().describe('The database name; required when several databases are available.'),
      },
    },
    async ({ sql_query, database_id }) => {
      const threadId = createId('mcp:');
      const request = requestFor(threadId, sql_query);
      // Named groups may list an MCP client (`mcp:<client name>`), as ask's turns see them.
      const subject = await application.groupMembership.withGroups(accessSubjectOf(request));
      const allowed = new Set(allowedDatabaseNamesFor(application.config.accessRules, subject, application.databases.map((database) => database.name)));
      const databases = application.databases.filter((database) => allowed.has(database.name));
      const selection = selectDatabase(databases, database_id);
      if (selection.ok && selection.database.allowsWrites) {
        // The agent may write to this database (dangerously_allow_writes); over MCP it may not.
        const verdict = await checkStatement(sql_query.trim(), selection.database, false);
        if (!verdict.allowed) {
          await application.store.recordQueryAudit({
            threadId, queryId: null, actor: request.actor, ranAs: null, databaseName: selection.database.name, sql: sql_query.trim(),
            rowCount: null, durationMs: null, refused: true, detail: verdict.reason, createdAt: clock(),
          });
          return textResult(renderExecuteSqlOutput({ _version: '1', status: 'refused', databaseName: selection.database.name, reason: verdict.reason }), true);
        }
      }
      await application.store.ensureConversation(threadId, 'mcp', clock());
      const context = new ToolContext({ threadId, actor: request.actor, settings: application.config.agent, databases, store: application.store, now: clock, createId });
      const output = await executeSql({ sql_query, database_id }, context);
      // The result and the audit row are written in the background; this call is the whole turn.
      const failedWrites = await context.flush();
      if (failedWrites.length > 0) throw new Error('The query ran, but its result could not be saved; see the datathread log.');
      return textResult(renderExecuteSqlOutput(output), output.status !== 'ok');
    },
  );
  return server;
}
