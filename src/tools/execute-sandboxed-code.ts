// execute_sandboxed_code{code, language, data_files?, sandbox_id?}: Python (pandas, numpy,
// matplotlib) or shell in a real sandbox, for the analysis SQL cannot do. Query results named in
// data_files are copied in as CSV; PNGs the code writes to its output folder are posted like
// display_chart's charts, CSVs become results the model can use by query_id.
import { tool } from 'ai';
import { z } from 'zod';
import { SANDBOX_IMAGE_CHART_TYPE } from '../store/turn-artifacts.js';
import { writeDataFiles, type DataFile } from '../sandbox/data-files.js';
import { collectOutputFiles, snapshotOutput, type OutputFile, type OutputSnapshot } from '../sandbox/output-files.js';
import { parseOutputCsv } from '../sandbox/parse-output-csv.js';
import { pngSize } from '../sandbox/png-size.js';
import { SANDBOX_PATHS } from '../sandbox/sandbox-backend.js';
import type { SandboxLimits } from '../sandbox/sandbox-limits.js';
import type { SandboxPool } from '../sandbox/sandbox-pool.js';
import type { ToolContext } from './tool-context.js';
import { renderSandboxOutput, type ExecuteSandboxedCodeOutput, type ReturnedFile } from './execute-sandboxed-code-output.js';

export const SANDBOX_MAX_CODE_CHARACTERS = 100_000;
const SANDBOX_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const executeSandboxedCodeInputSchema = z.object({
  code: z.string().min(1).max(SANDBOX_MAX_CODE_CHARACTERS).describe('The program: Python 3 source, or a POSIX shell script.'),
  language: z.enum(['python', 'shell']).describe('python (pandas, numpy, matplotlib available) or shell.'),
  data_files: z
    .array(z.string())
    .max(20)
    .nullish()
    .describe(`query_ids of execute_sql results to copy in as CSV with a header row: ${SANDBOX_PATHS.data}/<query_id>.csv. May be null.`),
  sandbox_id: z
    .string()
    .nullish()
    .describe('Reuse the sandbox of an earlier call (its files and installed state) within a few minutes; null starts a new one. May be null.'),
});

export type ExecuteSandboxedCodeInput = z.infer<typeof executeSandboxedCodeInputSchema>;

export interface ExecuteSandboxedCodeDependencies {
  pool: SandboxPool;
  limits: SandboxLimits;
}

async function gatherDataFiles(queryIds: readonly string[], context: ToolContext): Promise<DataFile[] | string> {
  const files: DataFile[] = [];
  for (const queryId of queryIds) {
    const result = SANDBOX_ID.test(queryId) ? await context.findQueryResult(queryId) : undefined;
    if (!result) return `There is no query result "${queryId}" in this conversation. Use a query_id that execute_sql gave you (query_xxxxxxxx).`;
    files.push({ queryId, columns: result.columns, rows: result.rows });
  }
  return files;
}

async function returnFile(file: OutputFile, sandboxId: string, context: ToolContext): Promise<ReturnedFile> {
  if (file.kind === 'png') {
    const size = pngSize(file.content);
    if (!size) return { name: file.name, kind: 'skipped', detail: 'not a PNG image' };
    const chartId = context.createId('chart_');
    await context.addChart({
      chartId,
      queryId: '',
      title: file.name.replace(/\.png$/i, ''),
      chartType: SANDBOX_IMAGE_CHART_TYPE,
      config: { source: 'execute_sandboxed_code', sandbox_id: sandboxId, file: file.name },
      spec: {},
      png: file.content,
      ...size,
    });
    return { name: file.name, kind: 'chart', id: chartId, detail: `${size.widthPx}×${size.heightPx} px` };
  }
  const table = parseOutputCsv(file.content.toString('utf8'), context.settings.rowCap);
  const queryId = context.createId('query_');
  context.addQueryResult({
    queryId,
    databaseName: 'sandbox',
    sql: `-- ${SANDBOX_PATHS.output}/${file.name} written by execute_sandboxed_code in ${sandboxId}`,
    ...table,
    durationMs: 0,
    createdAt: context.now(),
  });
  return { name: file.name, kind: 'table', id: queryId, detail: `${table.rowCount} rows; columns ${table.columns.map((column) => column.name).join(', ')}` };
}

export async function executeSandboxedCode(
  input: ExecuteSandboxedCodeInput,
  context: ToolContext,
  dependencies: ExecuteSandboxedCodeDependencies,
): Promise<ExecuteSandboxedCodeOutput> {
  if (input.sandbox_id != null && !SANDBOX_ID.test(input.sandbox_id)) {
    return { _version: '1', status: 'error', message: `sandbox_id "${input.sandbox_id}" is not one this tool gave out (letters, digits, _ and -). Pass null to start a new sandbox.` };
  }
  const dataFiles = await gatherDataFiles(input.data_files ?? [], context);
  if (typeof dataFiles === 'string') return { _version: '1', status: 'error', message: dataFiles };
  context.reportStatus(input.language === 'python' ? 'Running Python in a sandbox…' : 'Running a shell script in a sandbox…');
  let before: OutputSnapshot = new Map();
  const ran = await dependencies.pool.run({
    threadId: context.threadId,
    sandboxId: input.sandbox_id ?? undefined,
    language: input.language,
    code: input.code,
    signal: context.signal,
    beforeRun: async (folders) => {
      await writeDataFiles(folders.data, dataFiles);
      before = await snapshotOutput(folders.output);
    },
  });
  const collected = await collectOutputFiles(ran.folders.output, before);
  const returned: ReturnedFile[] = [];
  for (const file of collected.files) returned.push(await returnFile(file, ran.sandboxId, context));
  for (const file of collected.skipped) returned.push({ name: file.name, kind: 'skipped', detail: file.reason });
  return {
    _version: '1',
    status: 'ran',
    sandboxId: ran.sandboxId,
    reused: ran.reused,
    exitCode: ran.exitCode,
    signal: ran.signal,
    stoppedBy: ran.stoppedBy ?? null,
    stdout: ran.stdout,
    stderr: ran.stderr,
    durationMs: Math.round(ran.durationMs),
    files: returned,
    limits: { wallClockMs: dependencies.limits.wallClockMs, outputBytes: dependencies.limits.outputBytes, memoryBytes: dependencies.limits.memoryBytes },
  };
}

export function createExecuteSandboxedCodeTool(context: ToolContext, dependencies: ExecuteSandboxedCodeDependencies) {
  const { limits } = dependencies;
  return tool({
    description: [
      'Run Python 3 (pandas, numpy, matplotlib) or a shell script in an isolated sandbox, for analysis SQL cannot do: reshaping, statistics, regressions, forecasts, custom plots.',
      `data_files copies execute_sql results in as CSV with a header: ${SANDBOX_PATHS.data}/<query_id>.csv (pandas.read_csv). The working folder is ${SANDBOX_PATHS.output}:`,
      'PNG files written there are posted in the thread as images; CSV files come back as results with a query_id (use them with read_query_result or display_chart).',
      `The result gives a sandbox_id: pass it again within a few minutes to keep the sandbox's files. No network unless the operator allows some domains.`,
      `Limits: ${limits.wallClockMs / 1000} s, ${Math.round(limits.memoryBytes / (1024 * 1024))} MB of memory, ${Math.round(limits.outputBytes / 1024)} KB of printed output.`,
    ].join(' '),
    inputSchema: executeSandboxedCodeInputSchema,
    execute: (input) => executeSandboxedCode(input, context, dependencies),
    toModelOutput: ({ output }) => ({ type: 'text', value: renderSandboxOutput(output) }),
  });
}
