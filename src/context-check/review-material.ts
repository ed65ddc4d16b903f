// What the review compares the context folder with: the live schemas of every database it can
// reach, and the queries that went wrong (refused or failed) in the query audit.
import type { DatabaseAdapter } from '../databases/types.js';
import type { QueryAuditRecord } from '../store/types.js';

export const MAX_AUDIT_FAILURES = 50;
const MAX_COLUMNS_PER_TABLE = 60;

export async function describeSchemas(databases: readonly DatabaseAdapter[]): Promise<string> {
  const sections: string[] = [];
  for (const database of databases) {
    if (database.requiresUserCredential) {
      sections.push(`### ${database.name} (${database.dialect})\nNot introspected: it runs as each user.`);
      continue;
    }
    try {
      const schema = await database.introspect();
      const tables = schema.tables.map((table) => {
        const columns = table.columns.slice(0, MAX_COLUMNS_PER_TABLE).map((column) => `${column.name} ${column.type}`);
        return `- ${table.schema ? `${table.schema}.` : ''}${table.name}: ${columns.join(', ')}`;
      });
      sections.push(`### ${database.name} (${database.dialect})\n${tables.join('\n')}`);
    } catch (error) {
      sections.push(`### ${database.name} (${database.dialect})\nCould not be introspected: ${(error as Error).message}`);
    }
  }
  return sections.join('\n\n');
}

export function describeAuditFailures(records: readonly QueryAuditRecord[]): string {
  const failures = records.filter((record) => record.refused || record.detail !== null).slice(-MAX_AUDIT_FAILURES);
  if (failures.length === 0) return 'No refused or failed queries are recorded.';
  return failures
    .map((record) => `- ${record.createdAt.toISOString()} ${record.databaseName} ${record.refused ? 'REFUSED' : 'FAILED'}: ${record.detail ?? ''}\n  SQL: ${record.sql.replace(/\s+/g, ' ').slice(0, 500)}`)
    .join('\n');
}
