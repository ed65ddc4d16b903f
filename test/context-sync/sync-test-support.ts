// Runs `datathread sync` as a person would, against a datathread.yaml in a scratch folder, and
// reads back what it wrote.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main.js';

export interface SyncWorkspace {
  folder: string;
  context: string;
  sync(...argv: string[]): Promise<{ code: number; output: string; errors: string }>;
  read(path: string): Promise<string>;
}

export async function createSyncWorkspace(configYaml: string): Promise<SyncWorkspace> {
  const folder = await mkdtemp(join(tmpdir(), 'datathread-sync-'));
  await writeFile(join(folder, 'datathread.yaml'), configYaml);
  const variables = { DATATHREAD_CONFIG: join(folder, 'datathread.yaml'), DATATHREAD_STATE: `sqlite:${join(folder, 'state.db')}` };
  return {
    folder,
    context: join(folder, 'context'),
    sync: async (...argv) => {
      const output: string[] = [];
      const errors: string[] = [];
      const code = await runCli(['sync', ...argv], { variables, output: { write: (text) => output.push(text) }, errors: { write: (text) => errors.push(text) } });
      return { code, output: output.join(''), errors: errors.join('') };
    },
    read: (path) => readFile(join(folder, 'context', path), 'utf8'),
  };
}

/** The rows of a generated file's columns table as cell arrays (first row is the header). */
export function columnRows(file: string): string[][] {
  return file
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.slice(2, -2).split(' | '));
}
