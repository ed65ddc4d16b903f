// Runs a schedule's stored SQL again, as its owner: the owner's access rules are checked at this
// run, the statement gate checks the SQL again, and a federated database gets the owner's own
// token (refreshed from the stored one) or nothing: never the shared credential. The owner's groups
// (Slack user groups, Entra ID groups, the config's `groups:`) are read at each run by the same
// resolver and caches a chat turn uses, so a rule granting a group grants the owner's schedule too.
import type { AccessRule } from '../config/config-schema.js';
import { allowedDatabaseNamesFor, type AccessSubject } from '../access/access-rules.js';
import type { DatabaseAdapter } from '../databases/types.js';
import type { CredentialProvider } from '../identity/credential-provider.js';
import { checkStatement } from '../sql/read-only-check.js';
import type { Store } from '../store/types.js';
import type { Clock } from '../support/clock-and-ids.js';
import type { ScheduledResult } from './scheduled-post.js';
import { scheduledQueryAuditDetail } from './scheduled-query-audit.js';
import type { ScheduleRecord } from '../store/schedule-types.js';

export interface ScheduledQueryDeps {
  store: Store;
  clock: Clock;
  databases: readonly DatabaseAdapter[];
  accessRules: AccessRule[];
  /** The subject with the groups it belongs to now (GroupMembership.withGroups); without it only rules naming people, channels and teams match. */
  withGroups?: ((subject: AccessSubject) => Promise<AccessSubject>) | undefined;
  credentialFor?: CredentialProvider | undefined;
  rowCap: number;
  queryTimeoutMs: number;
}

export type ScheduledQueryOutcome =
  | { kind: 'ok'; results: ScheduledResult[] }
  | { kind: 'no_access'; databaseName: string }
  | { kind: 'sign_in_required'; databaseName: string }
  | { kind: 'failed'; reason: string };

function ownerActor(schedule: ScheduleRecord) {
  const { platform, userId, displayName, email } = schedule.owner;
  return { platform, userId, ...(displayName ? { displayName } : {}), ...(email ? { email } : {}) };
}

/** The owner as access rules see them: who they are and where the schedule was made. */
function ownerSubject(schedule: ScheduleRecord): AccessSubject {
  const { platform, userId, email, channelId, teamId } = schedule.owner;
  return { platform, userId, email, channelId, teamId };
}

export async function runScheduledQueries(schedule: ScheduleRecord, deps: ScheduledQueryDeps): Promise<ScheduledQueryOutcome> {
  const owner = deps.withGroups ? await deps.withGroups(ownerSubject(schedule)) : ownerSubject(schedule);
  const allowed = new Set(allowedDatabaseNamesFor(deps.accessRules, owner, deps.databases.map((database) => database.name)));
  for (const query of schedule.queries) {
    if (!allowed.has(query.databaseName)) return { kind: 'no_access', databaseName: query.databaseName };
  }
  const results: ScheduledResult[] = [];
  for (const query of schedule.queries) {
    const database = deps.databases.find((candidate) => candidate.name === query.databaseName);
    if (!database) return { kind: 'no_access', databaseName: query.databaseName };
    if (!database.allowsWrites) {
      const verdict = await checkStatement(query.sql, database, database.allowsFileAccess);
      if (!verdict.allowed) return { kind: 'failed', reason: `The stored query was refused: ${verdict.reason}` };
    }
    const credential = database.requiresUserCredential ? await deps.credentialFor?.(ownerActor(schedule), database) : undefined;
    if (database.requiresUserCredential && !credential) return { kind: 'sign_in_required', databaseName: database.name };
    const startedAt = deps.clock();
    try {
      const rows = await database.runQuery(query.sql, { rowCap: deps.rowCap, timeoutMs: deps.queryTimeoutMs, credential });
      results.push({ queryId: query.queryId, columns: rows.columns, rows: rows.rows, truncated: rows.truncated });
      await deps.store.recordQueryAudit({
        threadId: schedule.sourceThreadId,
        queryId: query.queryId,
        actor: ownerActor(schedule),
        ranAs: credential?.userName ?? null,
        databaseName: database.name,
        sql: query.sql,
        rowCount: rows.rowCount,
        durationMs: rows.durationMs,
        refused: false,
        detail: scheduledQueryAuditDetail(schedule.scheduleId),
        createdAt: startedAt,
      });
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }
  return { kind: 'ok', results };
}
