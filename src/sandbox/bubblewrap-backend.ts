// Runs code with bubblewrap (Debian `bubblewrap`) on this host: no KVM or Docker needed. See
// bubblewrap-command.ts for what the sandbox can see and the limits it runs under.
import { execFile } from 'node:child_process';
import { chmod, chown } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildBubblewrapCommand, SANDBOX_UNPRIVILEGED_ID } from './bubblewrap-command.js';
import { startEgressProxy, type EgressProxy } from './egress-proxy.js';
import { runCappedProcess } from './run-capped-process.js';
import type { SandboxBackend, SandboxFolders, SandboxRunRequest, SandboxRunResult } from './sandbox-backend.js';

const runFile = promisify(execFile);

export class BubblewrapBackend implements SandboxBackend {
  readonly description: string;
  private readonly dropPrivileges: boolean;

  constructor(version: string) {
    this.description = `bubblewrap ${version}`;
    this.dropPrivileges = process.getuid?.() === 0;
  }

  /** The installed bwrap's version, or why it cannot be used. */
  static async version(): Promise<string> {
    const { stdout } = await runFile('bwrap', ['--version'], { env: { PATH: '/usr/bin:/bin' } });
    return stdout.trim().replace(/^bubblewrap\s+/, '');
  }

  async prepare(folders: SandboxFolders): Promise<void> {
    // The sandbox user may write its output and home folders and nothing else of the host.
    if (!this.dropPrivileges) return;
    for (const folder of [folders.output, folders.home]) await chown(folder, SANDBOX_UNPRIVILEGED_ID, SANDBOX_UNPRIVILEGED_ID);
    await chmod(folders.root, 0o755);
    await chmod(folders.data, 0o755);
  }

  async run(request: SandboxRunRequest): Promise<SandboxRunResult> {
    let proxy: EgressProxy | undefined;
    const egressSocket = request.networkAllowlist.length > 0 ? join(request.folders.root, 'egress.sock') : undefined;
    if (egressSocket) {
      proxy = await startEgressProxy(egressSocket, request.networkAllowlist);
      if (this.dropPrivileges) await chown(egressSocket, SANDBOX_UNPRIVILEGED_ID, SANDBOX_UNPRIVILEGED_ID);
    }
    try {
      const command = buildBubblewrapCommand({ ...request, dropPrivileges: this.dropPrivileges, egressSocket });
      const result = await runCappedProcess(command, { wallClockMs: request.limits.wallClockMs, outputBytes: request.limits.outputBytes, signal: request.signal });
      return { ...result, signal: result.signal ?? signalFromExitCode(result.exitCode) };
    } finally {
      await proxy?.close();
    }
  }
}

/** bwrap exits with 128 + n when the program was killed by signal n (SIGXCPU at the CPU limit). */
function signalFromExitCode(exitCode: number | null): string | null {
  if (exitCode === null || exitCode <= 128) return null;
  const entry = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128);
  return entry?.[0] ?? null;
}
