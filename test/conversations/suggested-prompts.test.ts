import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSuggestedPrompts } from '../../src/conversations/suggested-prompts.js';
import { createEngineHarness, type EngineHarness } from '../support/engine-harness.js';
import { createScriptedModel } from '../support/scripted-model.js';

let harness: EngineHarness;

beforeEach(async () => {
  harness = await createEngineHarness();
});

afterEach(async () => {
  await harness.close();
});

const asker = (userId: string) => ({ platform: 'slack' as const, actor: { platform: 'slack' as const, userId }, place: { channelId: 'D1', teamId: 'T1', isDirectMessage: true } });

describe('suggested prompts', () => {
  it('offers the tables of the databases the person may use, read from the real schema', async () => {
    const engine = harness.createEngine({ model: createScriptedModel().model, accessRules: [{ databases: ['shop'] }, { databases: ['hr'], users: ['U_HR'] }] });

    const forAna = await engine.suggestPrompts(asker('U_ANA'));
    expect(forAna.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore sales']);
    expect(forAna[1]!.message).toBe('Give me an overview of the sales table in shop: how many rows it has and what a typical row looks like.');

    const forHr = await engine.suggestPrompts(asker('U_HR'));
    expect(forHr.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore sales', 'Explore salaries']);
  });

  it('takes tables from each database in turn and stops at four prompts', () => {
    const table = (name: string) => ({ schema: 'main', name, columns: [] });
    const prompts = buildSuggestedPrompts([
      { name: 'warehouse', schema: { tables: ['orders', 'customers', 'products', 'returns'].map(table) } },
      { name: 'crm', schema: { tables: [table('accounts')] } },
      { name: 'federated', schema: undefined },
    ]);
    expect(prompts.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore orders', 'Explore accounts', 'Explore customers']);
  });

  it('names the database of a table found in several, and never offers two buttons that read the same', () => {
    const table = (name: string) => ({ schema: 'main', name, columns: [] });
    const prompts = buildSuggestedPrompts([
      { name: 'warehouse', schema: { tables: [table('customers'), table('orders')] } },
      { name: 'warehouse_replica', schema: { tables: [table('customers')] } },
    ]);
    expect(prompts.map((prompt) => prompt.title)).toEqual(['What can I ask?', 'Explore customers in warehouse', 'Explore customers in warehouse_replica', 'Explore orders']);
    expect(prompts[2]!.message).toBe('Give me an overview of the customers table in warehouse_replica: how many rows it has and what a typical row looks like.');

    const longNames = buildSuggestedPrompts([
      { name: 'analytics_warehouse_production_eu', schema: { tables: [table('customer_lifetime_values')] } },
      { name: 'analytics_warehouse_production_us', schema: { tables: [table('customer_lifetime_values')] } },
    ]);
    const titles = longNames.map((prompt) => prompt.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
