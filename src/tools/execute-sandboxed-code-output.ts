// How an execute_sandboxed_code run is shown to the model: which sandbox, how it ended (and which
// limit stopped it), what it printed, and the files that came back with their ids.
export interface ReturnedFile {
  name: string;
  kind: 'chart' | 'table' | 'skipped';
  /** chart_… or query_… */
  id?: string;
  detail: string;
}

export type ExecuteSandboxedCodeOutput =
  | {
      _version: '1';
      status: 'ran';
      sandboxId: string;
      reused: boolean;
      exitCode: number | null;
      signal: string | null;
      stoppedBy: 'wall_clock' | 'output_limit' | 'aborted' | null;
      stdout: string;
      stderr: string;
      durationMs: number;
      files: ReturnedFile[];
      limits: { wallClockMs: number; outputBytes: number; memoryBytes: number };
    }
  | { _version: '1'; status: 'error'; message: string };

const MAX_SHOWN_CHARACTERS = 20_000;

function cut(text: string): string {
  const trimmed = text.replace(/\n$/, '');
  if (trimmed.length <= MAX_SHOWN_CHARACTERS) return trimmed;
  return `${trimmed.slice(0, MAX_SHOWN_CHARACTERS)}\n...(${trimmed.length - MAX_SHOWN_CHARACTERS} more characters cut)`;
}

function ending(output: Extract<ExecuteSandboxedCodeOutput, { status: 'ran' }>): string {
  const seconds = (output.durationMs / 1000).toFixed(1);
  switch (output.stoppedBy) {
    case 'wall_clock':
      return `was stopped after ${output.limits.wallClockMs / 1000} s (the time limit); make the code faster or work on less data`;
    case 'output_limit':
      return `was stopped: it printed more than ${Math.round(output.limits.outputBytes / 1024)} KB; print a summary or write the data to a CSV file in the output folder`;
    case 'aborted':
      return 'was stopped because the turn was cancelled';
    default:
      break;
  }
  if (output.signal === 'SIGXCPU' || output.signal === 'SIGKILL') return `was killed (${output.signal}) after ${seconds} s: it used more CPU time or memory than allowed`;
  if (output.exitCode === 0) return `finished in ${seconds} s`;
  return `failed with exit code ${output.exitCode ?? output.signal} after ${seconds} s`;
}

function fileLine(file: ReturnedFile): string {
  if (file.kind === 'chart') return `- ${file.name}: posted in the thread as an image (${file.id}, ${file.detail})`;
  if (file.kind === 'table') return `- ${file.name}: result ${file.id} (${file.detail}); use it like an execute_sql result`;
  return `- ${file.name}: not returned (${file.detail})`;
}

export function renderSandboxOutput(output: ExecuteSandboxedCodeOutput): string {
  if (output.status === 'error') return `Could not run the code: ${output.message}`;
  const lines = [`Sandbox ${output.sandboxId} (${output.reused ? 'reused' : 'new'}): the program ${ending(output)}.`];
  if (output.stdout) lines.push('', 'Output:', '```', cut(output.stdout), '```');
  if (output.stderr) lines.push('', 'Errors:', '```', cut(output.stderr), '```');
  if (output.files.length > 0) lines.push('', 'Files:', ...output.files.map(fileLine));
  return lines.join('\n');
}
