// `datathread context-check [--out DIR] [--apply]`: one review turn over the context folder against
// the live schemas and the query audit; writes context-report.md, context-fixes.patch and
// findings.json to DIR. The context folder is changed only with --apply.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLanguageModel } from '../agent/model-factory.js';
import { ContextFolder } from '../context-files/context-folder.js';
import { applyEdits } from '../context-check/apply-edits.js';
import { renderContextReport } from '../context-check/context-report.js';
import { FindingsLedger } from '../context-check/findings.js';
import { ProposedEdits } from '../context-check/proposed-edits.js';
import { runContextReview } from '../context-check/run-context-review.js';
import { unifiedPatch } from '../context-check/unified-patch.js';
import { createDatabaseAdapter } from '../databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../databases/demo-warehouse.js';
import { openStore } from '../store/open-store.js';
import { systemClock } from '../support/clock-and-ids.js';
import type { ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import type { TerminalOutput } from './render-reply.js';

export const DEFAULT_CONTEXT_CHECK_DIRECTORY = './datathread-context-check';

export async function contextCheckCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const { config, environment, logger } = started;
  const folder = new ContextFolder(config.context.path);
  if (!folder.exists()) {
    output.write(`There is no context folder at ${folder.root}: create it (context.path in datathread.yaml) before checking it.\n`);
    return 1;
  }
  const model = createLanguageModel(config.model);
  if (!model.available) {
    output.write(`Model: NOT CONFIGURED — ${model.reason}\n`);
    return 1;
  }
  const outOption = parsed.options.get('out');
  const directory = typeof outOption === 'string' ? outOption : DEFAULT_CONTEXT_CHECK_DIRECTORY;
  await mkdir(directory, { recursive: true });
  const findingsPath = join(directory, 'findings.json');
  const patchPath = join(directory, 'context-fixes.patch');
  const ledger = await FindingsLedger.load(findingsPath, systemClock);
  const edits = new ProposedEdits(folder);
  if (config.isDemo) await ensureDemoWarehouse(config.databases[0]!.path!, systemClock);
  const databases = await Promise.all(config.databases.map((database) => createDatabaseAdapter(database, { logger })));
  const store = await openStore(environment.stateUrl);
  try {
    const summary = await runContextReview({
      model: model.model,
      folder,
      databases,
      store,
      ledger,
      edits,
      maxSteps: config.agent.maxSteps,
      signal: AbortSignal.timeout(config.agent.turnTimeoutMs),
    });
    const changes = edits.fileChanges();
    await writeFile(patchPath, unifiedPatch(changes));
    await ledger.save(findingsPath);
    let applied = false;
    if (parsed.options.get('apply') === true && changes.length > 0) {
      const result = await applyEdits(changes);
      applied = result.skipped.length === 0;
      for (const path of result.skipped) output.write(`Not applied: ${path} changed since the review read it; run the check again.\n`);
    }
    const report = renderContextReport({ summary, findings: ledger.list(), changes, manualFixes: edits.manualFixes, patchFile: patchPath, applied });
    await writeFile(join(directory, 'context-report.md'), report);
    const open = ledger.list().filter((finding) => finding.status === 'open').length;
    output.write(`Context check: ${open} open finding(s), ${changes.length} file(s) with proposed edits, ${edits.manualFixes.length} manual fix(es).\nReport: ${join(directory, 'context-report.md')}\nPatch: ${patchPath}${applied ? ' (applied)' : ''}\n`);
    return 0;
  } finally {
    await Promise.all(databases.map((database) => database.close()));
    await store.close();
  }
}
