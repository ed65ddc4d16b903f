// `datathread verified list [--format table|json] | export [--out FILE] | remove ID`: the verified
// queries datathread uses, from the context folder's `verified/*.yaml` and from chat (the store).
// Export writes the ones verified in chat in the file format, to review and keep in git (the files
// are there already); remove forgets one verified from chat (a file's query: edit the file).
import { writeFile } from 'node:fs/promises';
import { verifiedQueriesAsYaml } from '../verified/verified-query-export.js';
import { VerifiedQueryLibrary } from '../verified/verified-query-library.js';
import { readVerifiedQueryFiles } from '../verified/verified-query-files.js';
import { prepareOutputFolders } from './output-folders.js';
import type { VerifiedQuery } from '../verified/verified-query.js';
import { silentLogger } from '../logging/logger.js';
import { openStore } from '../store/open-store.js';
import { UsageError, type ParsedArguments } from './arguments.js';
import type { Bootstrapped } from '../config/bootstrap.js';
import type { TerminalOutput } from './render-reply.js';

export async function verifiedCommand(parsed: ParsedArguments, started: Bootstrapped, output: TerminalOutput): Promise<number> {
  const [action, id] = parsed.positionals;
  if (action !== 'list' && action !== 'export' && action !== 'remove') throw new UsageError('datathread verified needs list, export or remove');
  if (action === 'remove' && !id) throw new UsageError('datathread verified remove needs the id `datathread verified list` shows');
  const format = parsed.options.get('format') ?? 'table';
  if (format !== 'table' && format !== 'json') throw new UsageError('--format must be table or json');
  const out = parsed.options.get('out');
  if (out === true) throw new UsageError('--out needs a file path');
  if (action === 'export') await prepareOutputFolders({ out });
  const store = await openStore(started.environment.stateUrl);
  try {
    if (action === 'remove') return await remove(id!, store, output);
    // list and export show every verified query, the ones the gate refuses too (`check` names those).
    const queries = await new VerifiedQueryLibrary({ store: store.verifiedQueries, contextRoot: started.config.context.path, logger: silentLogger, databases: [] }).all();
    if (action === 'list') {
      output.write(format === 'json' ? `${JSON.stringify(queries, null, 2)}\n` : `${renderTable(queries)}${await skippedFiles(started.config.context.path)}`);
      return 0;
    }
    // The files are in git already: exporting them again would double them in the folder.
    const fromChat = queries.filter((query) => query.source === 'chat');
    const yaml = verifiedQueriesAsYaml(fromChat);
    if (out !== undefined) {
      await writeFile(out, yaml, 'utf8');
      output.write(`${fromChat.length} ${fromChat.length === 1 ? 'query' : 'queries'} verified in chat written to ${out}\n`);
    } else output.write(yaml);
    return 0;
  } finally {
    await store.close();
  }
}

async function remove(id: string, store: Awaited<ReturnType<typeof openStore>>, output: TerminalOutput): Promise<number> {
  if (id.startsWith('file:')) {
    output.write(`${id} comes from a file in the context folder: remove it from ${id.slice('file:'.length).replace(/#\d+$/, '')} instead.\n`);
    return 1;
  }
  if (!(await store.verifiedQueries.removeVerifiedQuery(id))) {
    output.write(`No verified query ${id}. \`datathread verified list\` shows the ids.\n`);
    return 1;
  }
  output.write(`Removed verified query ${id}.\n`);
  return 0;
}

/** The files `verified list` could not read, so a query missing from the list is explained. */
async function skippedFiles(contextRoot: string): Promise<string> {
  const { problems } = await readVerifiedQueryFiles(contextRoot);
  if (problems.length === 0) return '';
  const files = [...new Set(problems.map((problem) => problem.path))];
  return `Skipped ${files.length} file${files.length === 1 ? '' : 's'} with problems (\`datathread check\` says which): ${files.join(', ')}\n`;
}

function renderTable(queries: VerifiedQuery[]): string {
  if (queries.length === 0) return 'No verified queries yet: add files under verified/ in the context folder, or press Verify on an answer in Slack or Teams.\n';
  const lines = queries.map((query) => {
    const who = [query.verifiedBy, query.verifiedAt].filter(Boolean).join(', ') || 'unknown';
    return `${query.id}  [${query.database ?? 'any database'}]  ${query.question}  (verified by ${who})\n    ${query.sql.replace(/\s+/g, ' ').trim()}`;
  });
  return `${lines.join('\n')}\n${queries.length} verified ${queries.length === 1 ? 'query' : 'queries'}.\n`;
}
