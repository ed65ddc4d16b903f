// Starts the real bot the way `npm start` does (node on the built dist/src/main.js), on a free
// port, and keeps its log lines; tests then kill it for real (SIGKILL, SIGTERM) and start it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '..', '..');
export const MAIN_SCRIPT = join(ROOT, 'dist', 'src', 'main.js');

/** Builds dist/ (tsc, as `npm start`'s prestart does). */
export async function buildDist(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BotProcess {
  url: string;
  /** The queue's worker id (from the "turn workers started" log line). */
  workerId: string;
  logLines: string[];
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startBotProcess(variables: Record<string, string>, timeoutMs = 60_000): Promise<BotProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_SCRIPT], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...variables, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logLines: string[] = [];
  let workerId: string | undefined;
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      logLines.push(line);
      const match = /"message":"turn workers started".*"workerId":"([^"]+)"/.exec(line);
      if (match) workerId = match[1];
    }
  };
  child.stderr.on('data', onData);
  child.stdout.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exitedEarly = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 100))]);
    if (exitedEarly) throw new Error(`The bot exited while starting:\n${logLines.join('\n')}`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy && workerId) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The bot did not start within ${timeoutMs} ms:\n${logLines.join('\n')}`);
    }
  }
  return {
    url,
    workerId: workerId!,
    logLines,
    child,
    exited,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
