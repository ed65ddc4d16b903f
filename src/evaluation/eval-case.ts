// The shape of one evaluation case, as written in `evals/**/*.yaml` (docs/eval.md).
// Other sources of cases (verified queries) build the same `EvalCase` and hand it to runEvaluation.
import { z } from 'zod';

const toolCallExpectation = z
  .object({
    tool: z.string().min(1),
    min_count: z.number().int().min(0).optional(),
    max_count: z.number().int().min(0).optional(),
  })
  .strict();

const expectation = z
  .object({
    tool_calls: z.array(toolCallExpectation).optional(),
    /** true: the agent must ask a clarifying question instead of answering; false: it must not. */
    clarification: z.boolean().optional(),
    answer_contains: z.array(z.string()).optional(),
    answer_not_contains: z.array(z.string()).optional(),
  })
  .strict();

const evalCaseSchema = z
  .object({
    name: z.string().min(1),
    question: z.string().min(1),
    database: z.string().min(1).optional(),
    /** The gold SQL: one of the agent's results must equal its result (execution accuracy). */
    sql: z.string().min(1).optional(),
    tags: z.array(z.string().min(1)).optional(),
    /** Ask as this person (user id or email): the access rules for them apply. */
    as: z.string().min(1).optional(),
    expect: expectation.optional(),
  })
  .strict();

export interface ToolCallExpectation {
  tool: string;
  minCount?: number;
  maxCount?: number;
}

export interface EvalCase {
  name: string;
  question: string;
  database?: string;
  sql?: string;
  tags: string[];
  as?: string;
  expect: {
    toolCalls: ToolCallExpectation[];
    clarification?: boolean;
    answerContains: string[];
    answerNotContains: string[];
  };
  /** Where the case came from (file path, "verified query …"), for reports. */
  source: string;
}

/** Validates one case as written in a file; the issues name the field (`expect.tool_calls.0.tool`). */
export function parseEvalCase(value: unknown, source: string): { evalCase: EvalCase } | { problems: string[] } {
  const result = evalCaseSchema.safeParse(value);
  if (!result.success) return { problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(case)'}: ${issue.message}`) };
  return { evalCase: toEvalCase(result.data, source) };
}

function toEvalCase(parsed: z.infer<typeof evalCaseSchema>, source: string): EvalCase {
  const expect = parsed.expect ?? {};
  return {
    name: parsed.name,
    question: parsed.question,
    database: parsed.database,
    sql: parsed.sql,
    tags: parsed.tags ?? [],
    as: parsed.as,
    expect: {
      toolCalls: (expect.tool_calls ?? []).map((call) => ({ tool: call.tool, minCount: call.min_count, maxCount: call.max_count })),
      clarification: expect.clarification,
      answerContains: expect.answer_contains ?? [],
      answerNotContains: expect.answer_not_contains ?? [],
    },
    source,
  };
}
