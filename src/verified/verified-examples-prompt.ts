// The verified queries closest to the question, given to the model as trusted examples: a data
// owner checked that each SQL answers its question. Bounded (at most three, each SQL cut), so a
// long query cannot crowd out the schema.
export interface PromptVerifiedExample {
  question: string;
  sql: string;
  database?: string;
}

export const MAX_PROMPT_EXAMPLES = 3;
export const MAX_EXAMPLE_SQL_CHARACTERS = 2_000;

export function describeVerifiedExamples(examples: PromptVerifiedExample[]): string {
  const shown = examples.slice(0, MAX_PROMPT_EXAMPLES).map((example) => {
    const sql = example.sql.length > MAX_EXAMPLE_SQL_CHARACTERS ? `${example.sql.slice(0, MAX_EXAMPLE_SQL_CHARACTERS)}\n-- (cut)` : example.sql;
    return `Question: ${example.question}${example.database ? `\nDatabase: ${example.database}` : ''}\n\`\`\`sql\n${sql.trim()}\n\`\`\``;
  });
  return [
    '## Verified queries (trusted examples)',
    'A data owner checked that each SQL below answers its question correctly. When the question asked is the same, run that SQL as it is (adjusting only what the question changes, such as a period or a filter); when it is only related, follow its tables, joins and definitions.',
    ...shown,
  ].join('\n\n');
}
