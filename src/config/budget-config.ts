// The `budgets:` section of datathread.yaml: limits per user, per channel and for the whole
// workspace, per day and/or per month, in US dollars or tokens, with overrides for named people or
// channels, and the model price table. Periods are calendar days and months in UTC.
import { z } from 'zod';

const limitsSchema = z
  .object({
    usd_per_day: z.number().positive().optional(),
    usd_per_month: z.number().positive().optional(),
    tokens_per_day: z.number().int().positive().optional(),
    tokens_per_month: z.number().int().positive().optional(),
  })
  .strict();

const overrideSchema = z
  .object({
    /** Slack user ids, Teams AAD object ids, e-mail addresses or groups (`group:<name>`, `slack-group:<id>`, `entra-group:<id>`) this override applies to. */
    users: z.array(z.string().min(1)).optional(),
    /** Slack or Teams channel ids. */
    channels: z.array(z.string().min(1)).optional(),
    per_user: limitsSchema.optional(),
    per_channel: limitsSchema.optional(),
  })
  .strict()
  .refine((value) => (value.users?.length ?? 0) + (value.channels?.length ?? 0) > 0, { message: 'an override names at least one of `users` or `channels`' });

const priceSchema = z
  .object({
    input_per_million: z.number().min(0),
    cached_input_per_million: z.number().min(0).optional(),
    output_per_million: z.number().min(0),
  })
  .strict();

export const DEFAULT_TURN_ESTIMATE_TOKENS = 30_000;

export const budgetsSchema = z
  .object({
    per_user: limitsSchema.optional(),
    per_channel: limitsSchema.optional(),
    workspace: limitsSchema.optional(),
    overrides: z.array(overrideSchema).default([]),
    /** Model id → price per million tokens; adds to or replaces the shipped table. */
    prices: z.record(z.string().min(1), priceSchema).default({}),
    /** Whom the thread names when a budget is used up (a person, a channel, an e-mail address). */
    contact: z.string().min(1).optional(),
    /** What a turn reserves while it runs until enough turns have run to average over. */
    turn_estimate_tokens: z.number().int().positive().default(DEFAULT_TURN_ESTIMATE_TOKENS),
  })
  .strict();

export type BudgetsConfig = z.infer<typeof budgetsSchema>;
export type BudgetLimits = z.infer<typeof limitsSchema>;
