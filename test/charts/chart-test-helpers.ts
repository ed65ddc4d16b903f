// Real DuckDB results → validated config → spec → PNG, for the chart tests.
import { buildVegaLiteSpec, renderChartPng, validateChartConfig, type ChartConfig } from '../../src/charts/index.js';
import { fixtureConfig, queryDuckDb, type ChartFixture, type DuckDbResult } from '../../bench/charts-fixtures.js';

export { queryDuckDb };

export async function renderFixture(fixture: ChartFixture) {
  const source = await queryDuckDb(fixture.sql);
  return renderConfig(fixtureConfig(fixture), source);
}

export async function renderConfig(config: ChartConfig, source: DuckDbResult) {
  const validation = validateChartConfig(config, source);
  if (!validation.success) throw new Error(validation.error);
  const built = buildVegaLiteSpec(config, source);
  const rendered = await renderChartPng(built.spec);
  return { ...built, ...rendered, source };
}

/** The first data array of a spec (top level, or of the first layer that has one). */
export function specRecords(spec: unknown): Record<string, unknown>[] {
  const node = spec as { data?: { values?: Record<string, unknown>[] }; layer?: unknown[] };
  if (node.data?.values) return node.data.values;
  for (const layer of node.layer ?? []) {
    const values = specRecords(layer);
    if (values.length > 0) return values;
  }
  return [];
}
