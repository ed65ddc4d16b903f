// Which limits apply to one turn: the asker's own (per_user, or an override naming them), the
// channel's (per_channel, or an override naming it), and the workspace's. Terminal turns have no
// person or channel behind them and count against the workspace only.
import { personListMatches } from '../access/person-lists.js';
import type { SpendScope } from '../store/turn-ledger-types.js';
import type { BudgetLimits, BudgetsConfig } from '../config/budget-config.js';

export type BudgetPeriod = 'day' | 'month';
export type BudgetUnit = 'usd' | 'tokens';

export interface BudgetSubject {
  platform: string;
  userId: string;
  email?: string | undefined;
  channelId?: string | undefined;
  /** The group entries the person belongs to (`group:finance`, `slack-group:S…`, `entra-group:…`), so an override may name a group. */
  groups?: readonly string[] | undefined;
}

export interface ApplicableLimit {
  /** Stable per scope and limit, e.g. `user:slack:U1:usd_per_month` (the 80% notice is keyed by it). */
  key: string;
  scope: SpendScope;
  /** How the thread names it: "your monthly budget", "this channel's daily token budget". */
  label: string;
  unit: BudgetUnit;
  period: BudgetPeriod;
  amount: number;
}

const LIMIT_FIELDS: { field: keyof BudgetLimits; unit: BudgetUnit; period: BudgetPeriod }[] = [
  { field: 'usd_per_day', unit: 'usd', period: 'day' },
  { field: 'usd_per_month', unit: 'usd', period: 'month' },
  { field: 'tokens_per_day', unit: 'tokens', period: 'day' },
  { field: 'tokens_per_month', unit: 'tokens', period: 'month' },
];

/** A turn from the terminal, MCP or an eval run: no person or channel limit applies. */
export function isWorkspaceOnly(subject: BudgetSubject): boolean {
  return subject.platform === 'console' || subject.platform === 'mcp';
}

export function userKeyOf(subject: BudgetSubject): string | null {
  return isWorkspaceOnly(subject) ? null : `${subject.platform}:${subject.userId}`;
}

export function channelKeyOf(subject: BudgetSubject): string | null {
  return isWorkspaceOnly(subject) || !subject.channelId ? null : `${subject.platform}:${subject.channelId}`;
}

function describe(scope: SpendScope['kind'], unit: BudgetUnit, period: BudgetPeriod): string {
  const when = period === 'day' ? 'daily' : 'monthly';
  const what = unit === 'usd' ? 'budget' : 'token budget';
  if (scope === 'user') return `your ${when} ${what}`;
  if (scope === 'channel') return `this channel's ${when} ${what}`;
  return `the workspace's ${when} ${what}`;
}

function limitsOf(limits: BudgetLimits | undefined, scope: SpendScope, keyPrefix: string): ApplicableLimit[] {
  if (!limits) return [];
  return LIMIT_FIELDS.flatMap(({ field, unit, period }) => {
    const amount = limits[field];
    return amount === undefined ? [] : [{ key: `${keyPrefix}:${field}`, scope, label: describe(scope.kind, unit, period), unit, period, amount }];
  });
}

export function applicableLimits(config: BudgetsConfig, subject: BudgetSubject): ApplicableLimit[] {
  const userKey = userKeyOf(subject);
  const channelKey = channelKeyOf(subject);
  // The last override that names the person (or one of their groups), or the channel, wins, so a later entry can refine an earlier one.
  const userOverride = config.overrides.filter((override) => override.per_user && personListMatches(override.users ?? [], subject)).at(-1);
  const channelOverride = config.overrides.filter((override) => override.per_channel && subject.channelId && (override.channels ?? []).includes(subject.channelId)).at(-1);
  return [
    ...(userKey ? limitsOf(userOverride?.per_user ?? config.per_user, { kind: 'user', key: userKey }, `user:${userKey}`) : []),
    ...(channelKey ? limitsOf(channelOverride?.per_channel ?? config.per_channel, { kind: 'channel', key: channelKey }, `channel:${channelKey}`) : []),
    ...limitsOf(config.workspace, { kind: 'workspace' }, 'workspace'),
  ];
}

/** Midnight UTC of the day, or the first of the month, that `now` falls in. */
export function periodStart(now: Date, period: BudgetPeriod): Date {
  return period === 'day' ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When the period resets: the next midnight UTC, or the first of the next month. */
export function periodEnd(now: Date, period: BudgetPeriod): Date {
  return period === 'day' ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
