// Asks ClickHouse (chdb, in a child process: test/support/chdb-statement-runner.mjs) how it reads a
// statement. chdb runs every statement of a text and returns one JSONCompact document for each, so
// the documents say how many statements ClickHouse found.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EngineAnswer, ResultSet } from './marker-reading.js';
import type { EngineSession } from './postgres-probe.js';

const RUNNER = fileURLToPath(new URL('../../support/chdb-statement-runner.mjs', import.meta.url));

interface RunnerAnswer {
  id: number;
  output?: string;
  error?: string;
}

export async function openClickHouseProbe(): Promise<EngineSession> {
  const child = spawn(process.execPath, [RUNNER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error('The chdb statement runner exited before it was ready.');
  let nextId = 0;
  let queue = Promise.resolve();
  const ask = (sql: string): Promise<RunnerAnswer> => {
    nextId += 1;
    const id = nextId;
    const answer = queue.then(async () => {
      // readline also ends lines at U+2028 and U+2029, which JSON.stringify leaves raw.
      child.stdin.write(`${JSON.stringify({ id, sql }).replace(/[\u2028\u2029\u0085]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`);
      // chdb may print lines of its own: read on to this request's answer.
      for (;;) {
        const line = await lines.next();
        if (line.done) throw new Error('The chdb statement runner exited.');
        const answer = answerIn(line.value);
        if (answer?.id === id) return answer;
        console.warn(`chdb statement runner: skipped ${JSON.stringify(line.value.slice(0, 200))}`);
      }
    });
    queue = answer.then(() => undefined);
    return answer;
  };
  return {
    probe: async (sql) => {
      const answer = await ask(sql);
      if (answer.error !== undefined) return { outcome: 'error', message: answer.error };
      const resultSets = documents(answer.output ?? '').map(resultSet);
      return { outcome: 'rows', resultSets, statementCount: resultSets.length } satisfies EngineAnswer;
    },
    close: async () => {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function answerIn(line: string): RunnerAnswer | null {
  try {
    return JSON.parse(line) as RunnerAnswer;
  } catch {
    return null;
  }
}

/** chdb's JSONCompact output: one pretty-printed document per statement, each ending in "}\n". */
function documents(output: string): unknown[] {
  return output
    .split(/(?<=\n\})\n(?=\{)/)
    .filter((text) => text.trim() !== '')
    .map((text) => JSON.parse(text) as unknown);
}

function resultSet(document: unknown): ResultSet {
  const { meta, data } = document as { meta: { name: string }[]; data: unknown[][] };
  return { columns: meta.map((column) => column.name), values: data.flat().map((value) => (typeof value === 'string' ? value : JSON.stringify(value))) };
}
