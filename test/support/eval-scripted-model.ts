// A scripted model for `datathread eval` runs: each request is answered from the case its question
// belongs to, so cases may run in any order and concurrently. With gold SQL it runs that SQL
// (through `rewriteSql`, which lets a test play a wrong model) and then answers in words holding the
// case's answer_contains; without, it asks the clarifying question a case expects, or says what the
// data cannot tell.
import type { EvalCase } from '../../src/evaluation/eval-case.js';
import type { FakeOpenAI, RecordedChatRequest, ScriptedStep } from '../fakes/openai-server.js';

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
}

function questionOf(request: RecordedChatRequest): string {
  return textOf(request.messages.findLast((message) => message.role === 'user')?.content);
}

export function evalCaseResponder(cases: readonly EvalCase[], rewriteSql: (sql: string) => string = (sql) => sql) {
  const byQuestion = new Map(cases.map((evalCase) => [evalCase.question, evalCase]));
  return (request: RecordedChatRequest): ScriptedStep => {
    const evalCase = byQuestion.get(questionOf(request));
    if (!evalCase) return { text: 'I do not know this question.' };
    const answered = request.messages.at(-1)?.role === 'tool';
    const words = evalCase.expect.answerContains.join(', ');
    if (answered) return { text: `Here is what the data says${words ? ` about ${words}` : ''}.` };
    if (evalCase.sql) return { toolCalls: [{ name: 'execute_sql', arguments: { sql_query: rewriteSql(evalCase.sql) } }] };
    if (evalCase.expect.clarification) return { toolCalls: [{ name: 'clarification', arguments: { question: 'Which measure do you mean: revenue, orders or margin?', options: ['Revenue', 'Orders', 'Margin'] } }] };
    return { text: `The data has no table about ${words || 'that'}, so I cannot answer this without inventing a figure.` };
  };
}

/** Enough responder steps for every request of `caseCount` cases run `repeat` times (two steps each). */
export function enqueueResponder(model: FakeOpenAI, responder: ReturnType<typeof evalCaseResponder>, caseCount: number, repeat = 1): void {
  model.enqueue(...Array.from({ length: caseCount * repeat * 2 }, () => responder));
}
