// Picks the database a tool call means. With one database, database_id may be left out; with
// several, a missing or wrong id gets an error that lists the names (as nao does).
import type { DatabaseAdapter } from '../databases/types.js';

export type DatabaseSelection = { ok: true; database: DatabaseAdapter } | { ok: false; error: string };

export function selectDatabase(databases: DatabaseAdapter[], databaseId: string | undefined): DatabaseSelection {
  const names = databases.map((database) => database.name).join(', ');
  if (databases.length === 0) {
    return { ok: false, error: 'No database is available to this user in this place. Ask an admin to grant access in datathread.yaml (access.rules).' };
  }
  if (databaseId === undefined || databaseId === '') {
    if (databases.length === 1) return { ok: true, database: databases[0]! };
    return { ok: false, error: `Several databases are available, so database_id is required. Available databases: ${names}.` };
  }
  const database = databases.find((candidate) => candidate.name === databaseId);
  if (!database) return { ok: false, error: `Database "${databaseId}" not found. Available databases: ${names}.` };
  return { ok: true, database };
}
