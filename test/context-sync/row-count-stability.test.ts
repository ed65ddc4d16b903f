// `datathread sync` keeps a table's file as it is when only the engine's row estimate moved (every
// insert or vacuum moves it, and every rewrite is a change in git someone reviews): the count is
// shown to two significant figures and counts for a rewrite only when it changes tenfold. A schema
// or comment change still rewrites the file at once, with the current count.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDuckDbFile } from '../support/duckdb-fixture.js';
import { createSyncWorkspace } from './sync-test-support.js';

describe('datathread sync and the approximate row count', () => {
  it('leaves a table file untouched while only its row count moves, and rewrites it when the table grows tenfold or its schema changes', async () => {
    const workspace = await createSyncWorkspace('databases:\n  - name: shop\n    type: duckdb\n    path: shop.duckdb\n');
    const database = join(workspace.folder, 'shop.duckdb');
    await createDuckDbFile(database, ['CREATE TABLE orders (id INTEGER, amount INTEGER)', "COMMENT ON TABLE orders IS 'Web shop orders.'", 'INSERT INTO orders SELECT i, i FROM range(1, 1235) t(i)']);
    const ordersPath = join(workspace.context, 'databases/shop/main/orders.md');

    expect((await workspace.sync()).code).toBe(0);
    const first = await workspace.read('databases/shop/main/orders.md');
    expect(first).toContain('\n- Approximate rows: 1,200\n');
    const writtenAt = (await stat(ordersPath)).mtimeMs;

    await createDuckDbFile(database, ['INSERT INTO orders SELECT i, i FROM range(1235, 1702) t(i)']);
    const moved = await workspace.sync();
    // The database's index keeps the catalog fingerprint (the DuckDB file's size and time), which a
    // write moves; the table's own file stays as it was.
    expect(moved.output).toContain('added 0, changed 1, removed 0, unchanged 1');
    expect(moved.output).not.toContain('databases/shop/main/orders.md');
    expect(await workspace.read('databases/shop/main/orders.md')).toBe(first);
    expect((await stat(ordersPath)).mtimeMs).toBe(writtenAt);

    await createDuckDbFile(database, ['INSERT INTO orders SELECT i, i FROM range(1702, 12001) t(i)']);
    const tenfold = await workspace.sync();
    expect(tenfold.output).toContain('~ databases/shop/main/orders.md');
    expect(await workspace.read('databases/shop/main/orders.md')).toContain('\n- Approximate rows: 12,000\n');

    await createDuckDbFile(database, ['INSERT INTO orders SELECT i, i FROM range(12001, 12500) t(i)', 'ALTER TABLE orders ADD COLUMN status VARCHAR']);
    const schema = await workspace.sync();
    expect(schema.output).toContain('~ databases/shop/main/orders.md');
    const rewritten = await workspace.read('databases/shop/main/orders.md');
    expect(rewritten).toContain('| `status` |');
    expect(rewritten).toContain('\n- Approximate rows: 12,000\n');
  });
});
