// dbt for sync: a manifest and semantic manifest in the shape dbt 1.8 writes (fixtures/dbt-jaffle)
// read into models, tests as column hints, metrics and dimensions; joined onto warehouse tables;
// written as semantic-layer files; and broken artifacts refused with the file named.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyDbtProject } from '../../src/context-sync/dbt/apply-dbt-project.js';
import { DbtArtifactError } from '../../src/context-sync/dbt/dbt-errors.js';
import type { DbtProject } from '../../src/context-sync/dbt/dbt-project.js';
import { dbtSemanticFiles } from '../../src/context-sync/dbt/dbt-semantic-files.js';
import { readDbtProject } from '../../src/context-sync/dbt/read-dbt-project.js';
import type { TableMetadata } from '../../src/databases/table-metadata.js';

const TARGET = join(import.meta.dirname, 'fixtures/dbt-jaffle/target');
const MANIFEST = join(TARGET, 'manifest.json');
const SEMANTIC_MANIFEST = join(TARGET, 'semantic_manifest.json');

let project: DbtProject;
let scratch: string;

beforeAll(async () => {
  project = await readDbtProject({ manifest: MANIFEST, semanticManifest: SEMANTIC_MANIFEST });
  scratch = await mkdtemp(join(tmpdir(), 'datathread-dbt-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('readDbtProject', () => {
  test('reads models with their relation, description, and unique / not_null / accepted_values tests as column hints', () => {
    expect(project.models.map((model) => `${model.uniqueId} → ${model.schema}.${model.relation}`)).toEqual([
      'model.jaffle_shop.orders → main.orders',
      'model.jaffle_shop.customers → main.customers',
      'model.jaffle_shop.stg_orders → staging.stg_orders_v2',
    ]);
    const orders = project.models[0]!;
    expect(orders.description).toBe('One row per order, with its total and whether it contained food or drinks.');
    expect(orders.columns).toEqual([
      { name: 'order_id', description: 'Primary key of an order.', tests: ['unique', 'not_null'] },
      // The relationships test is not a hint sync writes.
      { name: 'customer_id', description: 'The customer who placed the order.', tests: ['not_null'] },
      { name: 'ordered_at', description: "When the order was placed, in the store's local time.", tests: [] },
      { name: 'order_total', description: 'Order total including tax, in dollars.', tests: [] },
      { name: 'status', description: 'Where the order is in its life cycle.', tests: ['accepted_values: placed, shipped, completed, returned'] },
    ]);
    expect(project.models[1]!.columns[1]).toEqual({ name: 'customer_name', description: undefined, tests: [] });
  });

  test('reads metrics with measure, aggregation, filter and time grain, and semantic models with dimensions', () => {
    expect(project.metrics.map((metric) => [metric.name, metric.type, metric.measure ?? null, metric.inputMetrics, metric.timeGrain ?? null])).toEqual([
      ['revenue', 'simple', 'order_total', [], 'day'],
      ['food_revenue', 'simple', 'food_order_total', [], 'day'],
      ['order_count', 'simple', 'order_count', [], 'day'],
      ['food_revenue_pct', 'ratio', null, ['food_revenue', 'revenue'], null],
      ['average_order_value', 'derived', null, ['revenue', 'order_count'], null],
    ]);
    expect(project.metrics[1]!.filters).toEqual(["{{ Dimension('order_id__status') }} = 'completed'"]);
    expect(project.metrics[4]!.expression).toBe('revenue / order_count');
    expect(project.semanticModels.map((model) => `${model.name}: ${model.dimensions.map((dimension) => dimension.name).join(', ')}`)).toEqual([
      'orders: ordered_at, status, is_food_order',
      'customers: first_ordered_at, customer_type',
    ]);
  });

  test('the semantic manifest beside the manifest is read when none is named', async () => {
    const beside = await readDbtProject({ manifest: MANIFEST });
    expect(beside.metrics.map((metric) => metric.name)).toEqual(['revenue', 'food_revenue', 'order_count', 'food_revenue_pct', 'average_order_value']);
  });

  test('a manifest alone gives models and no semantic layer', async () => {
    const alone = join(scratch, 'alone/target');
    await mkdir(alone, { recursive: true });
    await copyFile(MANIFEST, join(alone, 'manifest.json'));
    const modelsOnly = await readDbtProject({ manifest: join(alone, 'manifest.json') });
    expect(modelsOnly.models).toHaveLength(3);
    expect(modelsOnly.metrics).toEqual([]);
    expect(dbtSemanticFiles(modelsOnly, 'jaffle')).toEqual([]);
  });
});

describe('readDbtProject refuses artifacts it cannot use, naming the file and the fault', () => {
  test('a missing manifest', async () => {
    const missing = join(scratch, 'target/manifest.json');
    const failure = await readDbtProject({ manifest: missing }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DbtArtifactError);
    expect((failure as DbtArtifactError).code).toBe('dbt_artifact_invalid');
    expect((failure as Error).message).toContain(`The dbt manifest ${missing} cannot be read (ENOENT`);
    expect((failure as Error).message).toContain('Run `dbt parse`');
  });

  test('a manifest that is not JSON', async () => {
    const path = join(scratch, 'truncated.json');
    await writeFile(path, '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json"}, "nodes": {');
    await expect(readDbtProject({ manifest: path })).rejects.toThrow(new RegExp(`^The dbt manifest ${path} is not valid JSON \\(`));
  });

  test('another dbt artifact given as the manifest', async () => {
    const path = join(scratch, 'run_results.json');
    await writeFile(path, JSON.stringify({ metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/run-results/v6.json' }, results: [] }));
    await expect(readDbtProject({ manifest: path })).rejects.toThrow(
      `The dbt manifest ${path} is not in the shape dbt writes: metadata.dbt_schema_version: not a manifest schema; nodes: Invalid input: expected record, received undefined.`,
    );
  });

  test('a model node without its schema', async () => {
    const path = join(scratch, 'broken-model.json');
    await writeFile(path, JSON.stringify({ metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json' }, nodes: { 'model.shop.orders': { resource_type: 'model', unique_id: 'model.shop.orders', name: 'orders' } } }));
    await expect(readDbtProject({ manifest: path })).rejects.toThrow(`The dbt manifest ${path} is not in the shape dbt writes: nodes.model.shop.orders.schema: Invalid input: expected string, received undefined.`);
  });

  test('a semantic manifest without metrics', async () => {
    const path = join(scratch, 'semantic_manifest.json');
    await writeFile(path, JSON.stringify({ semantic_models: [] }));
    await expect(readDbtProject({ manifest: MANIFEST, semanticManifest: path })).rejects.toThrow(`The dbt semantic manifest ${path} is not in the shape dbt writes: metrics: Invalid input: expected array, received undefined.`);
  });
});

describe('applyDbtProject', () => {
  const warehouse: TableMetadata[] = [
    {
      schema: 'MAIN',
      name: 'ORDERS',
      kind: 'table',
      approximateRowCount: 61_948,
      columns: [
        { name: 'ORDER_ID', type: 'varchar', nullable: false, primaryKey: true },
        { name: 'ORDER_TOTAL', type: 'decimal(12,2)', comment: 'Total in dollars, from the point of sale' },
        { name: 'STATUS', type: 'varchar' },
        { name: 'IS_FOOD_ORDER', type: 'boolean' },
      ],
    },
    { schema: 'main', name: 'customers', kind: 'table', comment: 'Customers (warehouse comment)', columns: [{ name: 'customer_id', type: 'varchar' }] },
    { schema: 'main', name: 'locations', kind: 'table', columns: [{ name: 'location_id', type: 'varchar' }] },
  ];

  test('fills the dbt model, dbt descriptions where the warehouse has none, and test hints; warehouse comments win', () => {
    const [orders, customers, locations] = applyDbtProject(warehouse, project);
    expect(orders).toEqual({
      schema: 'MAIN',
      name: 'ORDERS',
      kind: 'table',
      approximateRowCount: 61_948,
      dbtModel: { uniqueId: 'model.jaffle_shop.orders', description: 'One row per order, with its total and whether it contained food or drinks.' },
      columns: [
        { name: 'ORDER_ID', type: 'varchar', nullable: false, primaryKey: true, comment: 'Primary key of an order.', dbtTests: ['unique', 'not_null'] },
        { name: 'ORDER_TOTAL', type: 'decimal(12,2)', comment: 'Total in dollars, from the point of sale' },
        { name: 'STATUS', type: 'varchar', comment: 'Where the order is in its life cycle.', dbtTests: ['accepted_values: placed, shipped, completed, returned'] },
        { name: 'IS_FOOD_ORDER', type: 'boolean' },
      ],
    });
    expect(customers).toMatchObject({ comment: 'Customers (warehouse comment)', dbtModel: { uniqueId: 'model.jaffle_shop.customers', description: 'One row per customer with their lifetime spend.' } });
    expect(customers!.columns[0]).toEqual({ name: 'customer_id', type: 'varchar', comment: 'Primary key of a customer.', dbtTests: ['unique'] });
    expect(locations).toBe(warehouse[2]);
    // The warehouse's own list is left as it was.
    expect(warehouse[0]!.dbtModel).toBeUndefined();
  });
});

describe('dbtSemanticFiles', () => {
  test('writes one file per metric and the dimensions file, each under the generated header', () => {
    const files = dbtSemanticFiles(project, 'jaffle');
    expect(files.map((file) => file.path)).toEqual([
      'semantics/metrics/revenue.md',
      'semantics/metrics/food_revenue.md',
      'semantics/metrics/order_count.md',
      'semantics/metrics/food_revenue_pct.md',
      'semantics/metrics/average_order_value.md',
      'semantics/dimensions.md',
    ]);
    for (const file of files) expect(file.content).toMatch(/^<!-- generated by `datathread sync` from jaffle; do not edit, the next sync rewrites it\. content-hash: [0-9a-f]{16} -->\n/);
    const body = (path: string) => files.find((file) => file.path === path)!.content.split('\n').slice(1).join('\n');
    expect(body('semantics/metrics/food_revenue.md')).toBe(
      [
        '# Metric: food_revenue',
        '',
        'Revenue from orders with food, completed orders only.',
        '',
        '- Label: Food revenue',
        '- Type: simple',
        '- Measure: `food_order_total` (sum of `case when is_food_order then order_total else 0 end`) in semantic model `orders`',
        '- Measure description: Order totals of orders with food.',
        "- Filter: `{{ Dimension('order_id__status') }} = 'completed'`",
        '- Time grain: day',
        '- Table: [`main.orders`](../../databases/jaffle/main/orders.md)',
        '',
      ].join('\n'),
    );
    expect(body('semantics/metrics/food_revenue_pct.md')).toContain('- Ratio: [`food_revenue`](food_revenue.md) / [`revenue`](revenue.md)');
    expect(body('semantics/metrics/average_order_value.md')).toContain('- Input metrics: [`revenue`](revenue.md), [`order_count`](order_count.md)\n- Expression: `revenue / order_count`');
    expect(body('semantics/dimensions.md')).toBe(
      [
        '# Semantic layer dimensions',
        '',
        '## orders',
        '',
        'Order fact table. One row per order.',
        '',
        'Table: [`main.orders`](../databases/jaffle/main/orders.md)',
        '',
        '| Dimension | Type | Time grain | Expression | Description |',
        '|---|---|---|---|---|',
        '| `ordered_at` | time | day |  | The day the order was placed. |',
        '| `status` | categorical |  |  | Order status: placed, shipped, completed or returned. |',
        '| `is_food_order` | categorical |  |  | True when the order has at least one food item. |',
        '',
        '## customers',
        '',
        'Customer dimension.',
        '',
        'Table: [`main.customers`](../databases/jaffle/main/customers.md)',
        '',
        '| Dimension | Type | Time grain | Expression | Description |',
        '|---|---|---|---|---|',
        '| `first_ordered_at` | time | month |  | First order date. |',
        "| `customer_type` | categorical |  | `case when number_of_orders > 1 then 'returning' else 'new' end` | new or returning |",
        '',
      ].join('\n'),
    );
  });

  test('the content hash follows the content', () => {
    const hashOf = (files: { path: string; content: string }[]) => files[0]!.content.match(/content-hash: (\w+)/)![1];
    const first = hashOf(dbtSemanticFiles(project, 'jaffle'));
    expect(hashOf(dbtSemanticFiles(project, 'jaffle'))).toBe(first);
    const changed = { ...project, metrics: [{ ...project.metrics[0]!, description: 'Revenue, taxes excluded.' }] };
    expect(hashOf(dbtSemanticFiles(changed, 'jaffle'))).not.toBe(first);
  });
});
