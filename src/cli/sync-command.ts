// `datathread sync [--database NAME]… [--dry-run]`: writes what each warehouse knows into the
// context folder (src/context-sync/README.md); exits non-zero unless every database synced.
import { runSync, syncSucceeded } from '../context-sync/run-sync.js';
import { renderSyncReport } from '../context-sync/sync-report.js';
import { createDatabaseAdapter } from '../databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../databases/demo-warehouse.js';
import { silentLogger } from '../logging/logger.js';
import { systemClock } from '../support/clock-and-ids.js';
import { dbtSyncHooks } from '../context-sync/dbt/dbt-sync-hooks.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import type { TerminalOutput } from './render-reply.js';

/** `--database` may be given more than once: the parser keeps the last, so the raw words are read here. */
export function requestedDatabases(argv: readonly string[]): string[] {
  const names: string[] = [];
  argv.forEach((word, index) => {
    if (word === '--database' && argv[index + 1] !== undefined) names.push(argv[index + 1]!);
    else if (word.startsWith('--database=')) names.push(word.slice('--database='.length));
  });
  return names;
}

export async function syncCommand(argv: readonly string[], parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const { config } = started;
  const unknown = [...parsed.options.keys()].filter((name) => name !== 'database' && name !== 'dry-run');
  if (unknown.length > 0 || parsed.positionals.length > 0) throw new UsageError(`datathread sync takes --database NAME (repeatable) and --dry-run, not ${[...unknown.map((name) => `--${name}`), ...parsed.positionals].join(', ')}`);
  const names = requestedDatabases(argv);
  const missing = names.filter((name) => !config.databases.some((database) => database.name === name));
  if (missing.length > 0) throw new UsageError(`No database named ${missing.map((name) => `"${name}"`).join(', ')} in the config; configured: ${config.databases.map((database) => database.name).join(', ')}`);
  const databases = names.length > 0 ? config.databases.filter((database) => names.includes(database.name)) : config.databases;
  if (config.isDemo) await ensureDemoWarehouse(config.databases[0]!.path!, systemClock);
  const dryRun = parsed.options.has('dry-run');
  output.write(`Syncing ${databases.length} database(s) into ${config.context.path}${dryRun ? ' (dry run)' : ''}\n`);
  const result = await runSync({
    contextPath: config.context.path,
    databases,
    dryRun,
    createAdapter: (database) => createDatabaseAdapter(database, { logger: silentLogger }),
    progress: (line) => output.write(`${line}\n`),
    ...dbtSyncHooks(databases),
  });
  output.write(renderSyncReport(result));
  return syncSucceeded(result) ? 0 : 1;
}
