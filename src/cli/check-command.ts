// `datathread check`: validates the configuration, sends the model one small request, connects to
// every database and lists its tables, reports the tool list; exits non-zero when anything is wrong.
import { findDataRanges } from '../agent/data-ranges.js';
import { createLanguageModel } from '../agent/model-factory.js';
import { createDatabaseAdapter } from '../databases/create-database-adapter.js';
import { ensureDemoWarehouse } from '../databases/demo-warehouse.js';
import { silentLogger } from '../logging/logger.js';
import { openStore } from '../store/open-store.js';
import { listOfferedToolNames } from '../tools/tool-registry.js';
import { startToolRuntime } from '../tools/tool-runtime.js';
import { systemClock } from '../support/clock-and-ids.js';
import { ContextFolder } from '../context-files/context-folder.js';
import { describeToolRuntime } from './describe-tool-runtime.js';
import { syncAdvice } from './sync-advice.js';
import { checkVerifiedQueryFiles } from './verified-check.js';
import { checkModel, defaultModelNameNote } from './model-check.js';
import { usageCommand } from './usage-command.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import { accessCheckCommand } from './access-check.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import type { TerminalOutput } from './render-reply.js';

const MAX_TABLES_LISTED = 30;

/** The verified queries of files and chat, through the statement gate of every configured database. */
async function checkVerifiedQueries({ config, environment }: Bootstrapped, output: TerminalOutput): Promise<number> {
  const databases = await Promise.all(config.databases.map((databaseConfig) => createDatabaseAdapter(databaseConfig, { logger: silentLogger })));
  const store = await openStore(environment.stateUrl).catch(() => undefined);
  try {
    return await checkVerifiedQueryFiles({ contextRoot: config.context.path, databases, store: store?.verifiedQueries }, output);
  } finally {
    await store?.close();
    await Promise.all(databases.map((database) => database.close()));
  }
}

export async function checkCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const { config, environment } = started;
  // The older spelling of `datathread usage`, kept so scripts that use it go on working.
  if (parsed.options.has('usage')) return usageCommand(parsed, started, output);
  const accessUser = parsed.options.get('access');
  if (accessUser !== undefined) {
    if (accessUser === true) throw new UsageError('--access needs a person: a Slack user id, a Teams object id or an e-mail address');
    return accessCheckCommand(accessUser, started, output);
  }
  let failures = 0;
  output.write(`Configuration: ${config.source} — OK\n`);
  const model = createLanguageModel(config.model);
  if (model.available && config.model.configured) {
    const note = defaultModelNameNote(config.model.settings, environment.model);
    if (note) output.write(`Model: ${model.description} — ${note}\n`);
    const result = await checkModel(model.model, config.model.settings);
    output.write(`Model: ${model.description} — ${result.text}\n`);
    if (!result.ok) failures += 1;
  } else if (!model.available) {
    output.write(`Model: NOT CONFIGURED — ${model.reason}\n`);
    failures += 1;
  }
  try {
    const store = await openStore(environment.stateUrl);
    await store.close();
    output.write(`State store: ${environment.stateUrl.replace(/\/\/[^@/]*@/, '//***@')} — OK\n`);
  } catch (error) {
    output.write(`State store: FAILED — ${(error as Error).message}\n`);
    failures += 1;
  }
  if (config.isDemo) await ensureDemoWarehouse(config.databases[0]!.path!, systemClock);
  for (const databaseConfig of config.databases) {
    const database = await createDatabaseAdapter(databaseConfig, { logger: silentLogger });
    try {
      if (database.requiresUserCredential) {
        output.write(`Database ${database.name} (${database.dialect}, runs as each user): not connected — needs a user's sign-in\n`);
        continue;
      }
      const schema = await database.introspect();
      const names = schema.tables.map((table) => table.name);
      const shown = names.slice(0, MAX_TABLES_LISTED).join(', ');
      const more = names.length > MAX_TABLES_LISTED ? ` and ${names.length - MAX_TABLES_LISTED} more` : '';
      output.write(`Database ${database.name} (${database.dialect}${database.allowsWrites ? ', WRITES ALLOWED' : ', read-only'}): OK — ${names.length} tables: ${shown}${more}\n`);
      // What the model is told about the days the data covers; a range that cannot be read is left out.
      const ranges = await findDataRanges(database).catch(() => []);
      if (ranges.length > 0) output.write(`  data covers: ${ranges.map((range) => `${range.table}.${range.column} ${range.from} to ${range.to}`).join('; ')}\n`);
      const advice = await syncAdvice(database.name, schema, new ContextFolder(config.context.path)).catch(() => undefined);
      if (advice) output.write(advice);
    } catch (error) {
      output.write(`Database ${database.name} (${database.dialect}): FAILED — ${(error as Error).message}\n`);
      failures += 1;
    } finally {
      await database.close();
    }
  }
  const tooling = await startToolRuntime(config, silentLogger);
  try {
    const report = await describeToolRuntime(tooling.runtime, config);
    output.write(report.text);
    failures += report.failures;
    output.write(`Tools: ${listOfferedToolNames(config.agent.enabledTools, { interactive: true, runtime: tooling.runtime }).join(', ')}\n`);
  } finally {
    await tooling.close();
  }
  failures += await checkVerifiedQueries(started, output);
  output.write(failures === 0 ? 'All checks passed.\n' : `${failures} check(s) failed.\n`);
  return failures === 0 ? 0 : 1;
}
