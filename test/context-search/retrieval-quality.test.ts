// Retrieval quality of search{query}: on a generated 1,000-table warehouse with descriptions, 30
// questions in business words (not table names); the table each needs must be in the top 5 for at
// least 27 of them. The count is printed, so a change in ranking shows as a number.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContextFolder } from '../../src/context-files/context-folder.js';
import { searchContextFiles } from '../../src/tools/search-files.js';
import { writeWarehouseContext } from './warehouse-fixture.js';
import { warehouseTables } from './warehouse-tables.js';

const QUESTIONS: Array<[question: string, table: string]> = [
  ['What was our net revenue last week by region?', 'finance.revenue_daily'],
  ['Which customer bills are past due?', 'finance.invoices'],
  ['How much money have customers owed us for more than 90 days?', 'finance.ar_aging'],
  ['Are departments spending more than planned this quarter?', 'finance.budget_vs_actual'],
  ['How much recurring revenue did we gain from upgrades?', 'finance.mrr_monthly'],
  ['What exchange rate converts US dollars to euros?', 'finance.fx_rates'],
  ['How much VAT did we collect in Germany?', 'finance.tax_collected'],
  ['How many purchases were placed through the Android app yesterday?', 'sales.orders'],
  ['How many units of each product did we sell last month?', 'sales.order_items'],
  ['What is the value of deals expected to close this quarter?', 'sales.opportunities'],
  ['Which sales reps reached their target last quarter?', 'sales.quota_attainment'],
  ['Which coupons gave the biggest discount?', 'sales.discount_codes'],
  ['What reasons do customers give for sending items back?', 'sales.returns'],
  ['How many shoppers left without completing checkout?', 'sales.carts_abandoned'],
  ['How much did we spend on Facebook advertising last month?', 'marketing.campaign_spend_daily'],
  ['Which marketing channel gets the credit for conversions?', 'marketing.attribution_touches'],
  ['What was the open rate of our newsletter?', 'marketing.email_sends'],
  ['How many website visitors arrived from google.com?', 'marketing.web_sessions'],
  ['How many marketing qualified leads did we generate in May?', 'marketing.leads'],
  ['Which features do people use the most?', 'product.feature_usage_daily'],
  ['Did the new checkout button variant win its A/B test?', 'product.experiments'],
  ['Which release of the mobile app crashes most often?', 'product.app_crashes'],
  ['How many promoters versus detractors answered the survey?', 'product.nps_responses'],
  ['How long does the help desk take to send a first response?', 'support.tickets'],
  ['What satisfaction rating do customers give our support agents?', 'support.csat'],
  ['How often do we miss the agreed service level?', 'support.sla_breaches'],
  ['How many people work in the Berlin office?', 'people.employees'],
  ['What is the average base pay per job level?', 'people.salaries'],
  ['How many sick days did the team take this year?', 'people.time_off'],
  ['How many applicants reached the interview stage?', 'people.recruiting_pipeline'],
];

const TOP = 5;
let base: string;
let folder: ContextFolder;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'datathread-retrieval-'));
  await writeWarehouseContext(base, 'warehouse', warehouseTables(1_000));
  folder = new ContextFolder(base).forDatabases(['warehouse']);
}, 60_000);

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function topTables(question: string): Promise<string[]> {
  const output = await searchContextFiles({ query: question }, folder);
  if (output.status !== 'ok' || output.mode !== 'query') throw new Error(`search failed: ${JSON.stringify(output)}`);
  return output.results.slice(0, TOP).map((result) => result.title);
}

describe('search{query} on a 1,000-table warehouse', () => {
  it('has the 30 questions, each about a table the warehouse holds', () => {
    const names = new Set(warehouseTables(1_000).map((table) => `${table.schema}.${table.name}`));
    expect(QUESTIONS).toHaveLength(30);
    expect(QUESTIONS.filter(([, table]) => !names.has(table))).toEqual([]);
  });

  it(`puts the needed table in the top ${TOP} for at least 27 of 30 business questions`, async () => {
    const misses: string[] = [];
    for (const [question, table] of QUESTIONS) {
      const top = await topTables(question);
      if (!top.includes(table)) misses.push(`${question} → wanted ${table}, got ${top.join(', ')}`);
    }
    const found = QUESTIONS.length - misses.length;
    process.stdout.write(`retrieval: ${found} of ${QUESTIONS.length} questions have their table in the top ${TOP}\n${misses.map((miss) => `  miss: ${miss}\n`).join('')}`);
    expect(found).toBeGreaterThanOrEqual(27);
  });
});
