// A question asked in the terminal (`datathread init`), when stdin is one: in a pipe or CI nothing
// is asked, and the command says which flags it needs instead of waiting for input.
import { createInterface } from 'node:readline/promises';
import type { AskInTerminal } from './init-command.js';

export function terminalQuestion(): AskInTerminal | undefined {
  if (!process.stdin.isTTY) return undefined;
  return async (question) => {
    const lines = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await lines.question(question);
    } finally {
      lines.close();
    }
  };
}
