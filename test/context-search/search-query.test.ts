// search{query}: the ranked full-text mode — its rendering for the model (exact strings), the
// "exactly one of pattern or query" rule, plural/singular and typo tolerance, and the index
// following the folder as files are added, changed and removed.
import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSearchFilesOutput, searchContextFiles, searchFilesInputSchema } from '../../src/tools/search-files.js';
import { createContextFixture, type ContextFixture } from '../context-files/context-folder-fixture.js';
import { tableFileText } from './warehouse-fixture.js';
import { CORE_TABLES } from './warehouse-tables.js';

let fixture: ContextFixture;

function core(name: string) {
  const table = CORE_TABLES.find((candidate) => `${candidate.schema}.${candidate.name}` === name);
  if (!table) throw new Error(name);
  return table;
}

beforeEach(async () => {
  fixture = await createContextFixture({
    'databases/warehouse/finance/revenue_daily.md': tableFileText('warehouse', 'DuckDB', core('finance.revenue_daily')),
    'databases/warehouse/sales/returns.md': tableFileText('warehouse', 'DuckDB', core('sales.returns')),
    'databases/warehouse/sales/daily_kpis.md': tableFileText('warehouse', 'DuckDB', core('sales.daily_kpis')),
    'semantics/metrics/net_revenue.md': '# Net revenue\n\nGross order value minus refunds and discounts, in EUR. Measure: `net_amount`, aggregation: sum.\n',
    'notes/fiscal-year.md': '# Fiscal year\n\nOur fiscal year starts on 1 April.\n',
  });
});

afterEach(async () => {
  await fixture.remove();
});

const search = async (query: string) => renderSearchFilesOutput(await searchContextFiles({ query }, fixture.folder));

describe('search{query}', () => {
  it('ranks tables and documents and says why each matched', async () => {
    expect(await search('net revenue')).toBe(
      [
        'Best matches for "net revenue" (3):',
        '1. /databases/warehouse/finance/revenue_daily.md — table `finance.revenue_daily` in warehouse: Daily revenue net of refunds and discounts, one row per day and region. (matched: revenue in table name; net, revenue in description; net in column names; net, revenue in column comments)',
        '2. /semantics/metrics/net_revenue.md — "Net revenue" (matched: net, revenue in path or title; net, revenue in text)',
        '3. /databases/warehouse/sales/daily_kpis.md — table `sales.daily_kpis` in warehouse (matched: revenue in column names)',
        'Read a file with read{file_path} for its columns and notes.',
      ].join('\n'),
    );
  });

  it('finds singular words from plural questions, sampled values, and words one typo away', async () => {
    expect(await search('damaged items')).toMatch(/^Best matches for "damaged items" \(1\):\n1\. \/databases\/warehouse\/sales\/returns\.md — table `sales\.returns` in warehouse: .*\(matched: item in description; damaged in sampled values\)\n/);
    expect(await search('reasons')).toContain('1. /databases/warehouse/sales/returns.md');
    expect(await search('revanue')).toContain('/databases/warehouse/finance/revenue_daily.md');
  });

  it('says plainly when nothing matches', async () => {
    expect(await search('zeppelin')).toBe('No tables or documents match "zeppelin". Try other words (a synonym, a column name), or search{pattern} on file names.');
  });

  it('follows the folder: new, changed and removed files', async () => {
    expect(await search('zeppelin')).toContain('No tables or documents match');
    await fixture.write('notes/fleet.md', '# Fleet\n\nOur zeppelin fleet is counted in ops.fleet.\n');
    expect(await search('zeppelin')).toContain('1. /notes/fleet.md — "Fleet" (matched: zeppelin in text)');
    await fixture.write('notes/fleet.md', '# Fleet\n\nOur airship fleet is counted in ops.fleet.\n');
    // A rewrite within the same second and of the same size is still seen: the time stamp moves.
    await utimes(join(fixture.root, 'notes/fleet.md'), new Date(), new Date(Date.now() + 5_000));
    expect(await search('zeppelin')).toContain('No tables or documents match');
    expect(await search('airship')).toContain('1. /notes/fleet.md');
    await rm(join(fixture.root, 'notes/fleet.md'));
    expect(await search('airship')).toContain('No tables or documents match');
  });

  it('never indexes what .datathreadignore hides', async () => {
    await fixture.write('drafts/secret-plan.md', '# Plan\n\nThe zeppelin launch.\n');
    await fixture.write('.datathreadignore', 'drafts/\n');
    expect(await search('zeppelin')).toContain('No tables or documents match');
  });
});

describe('search input', () => {
  it('takes exactly one of pattern and query; null counts as absent', () => {
    expect(searchFilesInputSchema.safeParse({ query: 'revenue' }).success).toBe(true);
    expect(searchFilesInputSchema.safeParse({ pattern: '*.md', query: null }).success).toBe(true);
    const both = searchFilesInputSchema.safeParse({ pattern: '*.md', query: 'revenue' });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe('Give exactly one of `pattern` (file paths) or `query` (words to rank tables and documents by).');
    expect(searchFilesInputSchema.safeParse({}).success).toBe(false);
  });
});
