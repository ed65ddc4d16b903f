// Runs one child process off the event loop and collects its output up to a byte budget. Past the
// wall clock, the budget or an abort, the whole process group is killed (bwrap's --die-with-parent
// and its PID namespace take every process of the sandbox with it).
import { spawn } from 'node:child_process';
import type { SandboxRunResult, SandboxStopReason } from './sandbox-backend.js';
import type { ProcessCommand } from './bubblewrap-command.js';

export interface CappedProcessOptions {
  wallClockMs: number;
  outputBytes: number;
  signal?: AbortSignal;
}

export function runCappedProcess(command: ProcessCommand, options: CappedProcessOptions): Promise<SandboxRunResult> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let collected = 0;
    let stoppedBy: SandboxStopReason | undefined;

    const stop = (reason: SandboxStopReason) => {
      stoppedBy ??= reason;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (stoppedBy) return;
      const room = options.outputBytes - collected;
      into.push(chunk.length > room ? chunk.subarray(0, Math.max(room, 0)) : chunk);
      collected += Math.min(chunk.length, Math.max(room, 0));
      if (chunk.length > room) stop('output_limit');
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));

    const timer = setTimeout(() => stop('wall_clock'), options.wallClockMs);
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) stop('aborted');

    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        stoppedBy,
        durationMs: performance.now() - startedAt,
      });
    });
  });
}
