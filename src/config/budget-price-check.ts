// A US-dollar budget counts a turn's cost from the price table. When the configured model has no
// price there, every turn costs "unknown" and a dollar limit would never stop anything: the config
// is refused at start-up (and by `datathread check`) rather than run silently unlimited. Token
// limits need no price and are always accepted.
import type { BudgetLimits, BudgetsConfig } from './budget-config.js';
import { priceOf, priceTable, pricesFromConfig } from './model-prices.js';
import type { ConfigProblem } from './config-error.js';

const DOLLAR_FIELDS = ['usd_per_day', 'usd_per_month'] as const satisfies readonly (keyof BudgetLimits)[];
const TOKEN_FIELD_OF = { usd_per_day: 'tokens_per_day', usd_per_month: 'tokens_per_month' } as const;

/** The key of every US-dollar limit in `budgets:`, e.g. `budgets.workspace.usd_per_day`, `budgets.overrides[0].per_user.usd_per_month`. */
function dollarLimitKeys(budgets: BudgetsConfig): { key: string; field: (typeof DOLLAR_FIELDS)[number] }[] {
  const scopes: [string, BudgetLimits | undefined][] = [
    ['budgets.per_user', budgets.per_user],
    ['budgets.per_channel', budgets.per_channel],
    ['budgets.workspace', budgets.workspace],
    ...budgets.overrides.flatMap((override, index): [string, BudgetLimits | undefined][] => [
      [`budgets.overrides[${index}].per_user`, override.per_user],
      [`budgets.overrides[${index}].per_channel`, override.per_channel],
    ]),
  ];
  return scopes.flatMap(([scope, limits]) => DOLLAR_FIELDS.filter((field) => limits?.[field] !== undefined).map((field) => ({ key: `${scope}.${field}`, field })));
}

/** One problem per US-dollar limit when `model` has no price in the shipped table nor in `budgets.prices`; none otherwise. */
export function unpricedModelProblems(budgets: BudgetsConfig | undefined, model: string | undefined): ConfigProblem[] {
  if (!budgets || model === undefined) return [];
  if (priceOf(priceTable(pricesFromConfig(budgets)), { model })) return [];
  return dollarLimitKeys(budgets).map(({ key, field }) => ({
    key,
    problem: `is a US-dollar limit, and the model "${model}" has no price in the price table, so its turns would cost "unknown" and this limit would never stop one`,
    fix: `add its price under budgets.prices ("${model}": { input_per_million: …, output_per_million: … }, US dollars per million tokens as your provider bills them), or limit tokens instead (${TOKEN_FIELD_OF[field]})`,
  }));
}
