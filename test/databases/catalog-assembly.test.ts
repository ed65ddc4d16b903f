// The one join of every dialect's catalog answers into table metadata: order kept, types lower
// case, blank comments dropped, keys placed on their columns.
import { expect, test } from 'vitest';
import { assembleTables } from '../../src/databases/catalog-assembly.js';

test('tables and columns keep the order given; types are lower case and blank comments are dropped', () => {
  const tables = assembleTables(
    [
      { schema: 'sales', name: 'orders', kind: 'table', comment: 'One row per order.', approximateRowCount: 120 },
      { schema: 'sales', name: 'daily', kind: 'view', comment: '   ' },
    ],
    [
      { schema: 'sales', table: 'orders', name: 'id', type: 'INTEGER', nullable: false, comment: 'Order id' },
      { schema: 'sales', table: 'orders', name: 'note', type: 'VARCHAR', comment: '' },
      { schema: 'sales', table: 'daily', name: 'day', type: 'Date' },
      { schema: 'sales', table: 'gone', name: 'x', type: 'int' },
    ],
  );

  expect(tables).toStrictEqual([
    {
      schema: 'sales',
      name: 'orders',
      kind: 'table',
      comment: 'One row per order.',
      approximateRowCount: 120,
      columns: [
        { name: 'id', type: 'integer', nullable: false, comment: 'Order id' },
        { name: 'note', type: 'varchar' },
      ],
    },
    { schema: 'sales', name: 'daily', kind: 'view', columns: [{ name: 'day', type: 'date' }] },
  ]);
});

test('keys land on their columns; a key on an unknown column is ignored and a column in two foreign keys keeps the first', () => {
  const [orders] = assembleTables(
    [{ schema: 'sales', name: 'orders', kind: 'table' }],
    [
      { schema: 'sales', table: 'orders', name: 'id', type: 'integer' },
      { schema: 'sales', table: 'orders', name: 'customer_id', type: 'integer' },
    ],
    [
      { schema: 'sales', table: 'orders', column: 'id', primaryKey: true },
      { schema: 'sales', table: 'orders', column: 'customer_id', references: { table: 'sales.customers', column: 'id' } },
      { schema: 'sales', table: 'orders', column: 'customer_id', references: { table: 'crm.people', column: 'id' } },
      { schema: 'sales', table: 'orders', column: 'missing', primaryKey: true },
    ],
  );

  expect(orders!.columns).toStrictEqual([
    { name: 'id', type: 'integer', primaryKey: true },
    { name: 'customer_id', type: 'integer', foreignKey: { table: 'sales.customers', column: 'id' } },
  ]);
});
