// End to end: `datathread check` says a sync would help when a database has more tables than the
// prompt's column dump shows and no generated context files exist, and stops saying so once they do.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { writeWarehouseContext } from '../context-search/warehouse-fixture.js';
import { captureOutput, createE2eWorkspace, SCRIPTED_MODEL, type E2eWorkspace } from '../support/e2e-workspace.js';

const TABLE_COUNT = 120;
const wideTable = (index: number) =>
  `CREATE TABLE ledger_${String(index).padStart(3, '0')} (entry_id INTEGER, account VARCHAR, posted_on DATE, debit DECIMAL(18,2), credit DECIMAL(18,2), memo VARCHAR)`;

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({
    prefix: 'check-sync',
    duckdb: Array.from({ length: TABLE_COUNT }, (_unused, index) => wideTable(index)),
    config: { databases: [{ name: 'shop', type: 'duckdb', path: 'shop.duckdb' }], agent: { model: SCRIPTED_MODEL }, context: { path: 'context' } },
  });
  workspace.fakeModel.enqueue({ text: 'OK' }, { text: 'OK' });
}, 60_000);

afterAll(async () => {
  await workspace.close();
});

describe('datathread check and sync', () => {
  it('says a sync would help while no files were generated, and not after', async () => {
    const before = captureOutput();
    await runCli(['check'], { variables: workspace.variables, output: before.output });
    expect(before.text()).toMatch(
      /\n {2}a sync would help: the prompt shows the columns of only \d+ of 120 tables; run `datathread sync --database shop` to give the model a ranked index of every table and search over their descriptions\n/,
    );

    await writeWarehouseContext(join(workspace.directory, 'context'), 'shop', [{ schema: 'main', name: 'ledger_000', description: 'Ledger lines.', columns: [{ name: 'entry_id', type: 'integer' }] }]);
    const after = captureOutput();
    await runCli(['check'], { variables: workspace.variables, output: after.output });
    expect(after.text()).toContain('Database shop (duckdb, read-only): OK — 120 tables');
    expect(after.text()).not.toContain('a sync would help');
  });
});
