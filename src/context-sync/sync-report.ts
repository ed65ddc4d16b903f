// What `datathread sync` prints when it is done: per database what it added, changed and removed
// (or would, on a dry run), its notes, and why a database failed or was skipped.
import type { SyncRunResult } from './run-sync.js';
import type { WriteOutcome } from './write-generated-files.js';

const PATHS_LISTED_PER_KIND = 20;

function listed(label: string, paths: string[]): string[] {
  const shown = paths.slice(0, PATHS_LISTED_PER_KIND).map((path) => `    ${label} ${path}`);
  if (paths.length > PATHS_LISTED_PER_KIND) shown.push(`    … and ${paths.length - PATHS_LISTED_PER_KIND} more ${label === '+' ? 'added' : label === '~' ? 'changed' : 'removed'}`);
  return shown;
}

function outcomeLines(outcome: WriteOutcome, dryRun: boolean): string[] {
  const verbs = dryRun ? ['would add', 'would change', 'would remove'] : ['added', 'changed', 'removed'];
  const lines = [`  ${verbs[0]} ${outcome.added.length}, ${verbs[1]} ${outcome.changed.length}, ${verbs[2]} ${outcome.removed.length}, unchanged ${outcome.unchanged}`];
  lines.push(...listed('+', outcome.added), ...listed('~', outcome.changed), ...listed('-', outcome.removed));
  for (const path of outcome.keptHandWritten) lines.push(`    kept hand-written ${path} (not generated, so not overwritten)`);
  return lines;
}

export function renderSyncReport(result: SyncRunResult): string {
  const lines: string[] = [];
  if (result.dryRun) lines.push('Dry run: nothing was written.');
  for (const database of result.databases) {
    const head = `${database.database} (${database.dialect})`;
    if (database.status === 'failed') lines.push(`${head}: FAILED — ${database.reason}`);
    else if (database.status === 'skipped') lines.push(`${head}: skipped — ${database.reason}`);
    else {
      lines.push(`${head}: ${database.tables} tables and views`);
      if (database.outcome) lines.push(...outcomeLines(database.outcome, result.dryRun));
    }
    for (const note of database.notes) lines.push(`  note: ${note}`);
  }
  if (result.extraFiles?.error) lines.push(`extra files (dbt): FAILED — ${result.extraFiles.error}`);
  else if (result.extraFiles?.outcome) lines.push('extra files (dbt):', ...outcomeLines(result.extraFiles.outcome, result.dryRun));
  const failed = result.databases.filter((database) => database.status === 'failed').length;
  const skipped = result.databases.filter((database) => database.status === 'skipped').length;
  const synced = result.databases.length - failed - skipped;
  lines.push(`Synced ${synced} of ${result.databases.length} database(s)${failed ? `, ${failed} failed` : ''}${skipped ? `, ${skipped} skipped` : ''}.`);
  return `${lines.join('\n')}\n`;
}
