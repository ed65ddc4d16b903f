// Decides at start-up whether execute_sandboxed_code can be offered on this host: bubblewrap must
// be installed, able to create its namespaces here, and Debian's Python must import pandas, numpy
// and matplotlib inside it. Otherwise the reason is what `datathread check` prints.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BubblewrapBackend } from './bubblewrap-backend.js';
import { createSandboxFolders } from './sandbox-folders.js';
import type { SandboxAvailability } from './sandbox-backend.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-limits.js';

const PROBE_CODE = 'import pandas, numpy, matplotlib; print("ready")';
const PROBE_WALL_CLOCK_MS = 30_000;
const INSTALL_HINT = 'install them with `apt-get install bubblewrap python3-pandas python3-numpy python3-matplotlib` (the Docker image has them)';

function firstLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).at(-1) ?? '';
}

export async function probeBubblewrap(): Promise<SandboxAvailability> {
  let version: string;
  try {
    version = await BubblewrapBackend.version();
  } catch {
    return { available: false, reason: `bubblewrap (bwrap) is not installed: ${INSTALL_HINT}` };
  }
  const backend = new BubblewrapBackend(version);
  const scratch = await mkdtemp(join(tmpdir(), 'datathread-sandbox-probe-'));
  try {
    const folders = await createSandboxFolders(scratch);
    await backend.prepare(folders);
    const result = await backend.run({
      folders,
      language: 'python',
      code: PROBE_CODE,
      limits: { ...DEFAULT_SANDBOX_LIMITS, wallClockMs: PROBE_WALL_CLOCK_MS },
      networkAllowlist: [],
    });
    if (result.exitCode === 0 && result.stdout.includes('ready')) return { available: true, backend };
    const detail = firstLine(result.stderr) || `exit code ${result.exitCode}`;
    if (/No module named|python3/.test(detail)) return { available: false, reason: `Python with pandas, numpy and matplotlib does not run in the sandbox (${detail}): ${INSTALL_HINT}` };
    return { available: false, reason: `bubblewrap ${version} cannot create a sandbox on this host (${detail}); it needs unprivileged user namespaces (kernel.unprivileged_userns_clone=1, or a container run with a seccomp profile that allows them)` };
  } catch (error) {
    return { available: false, reason: `the sandbox probe failed: ${(error as Error).message}` };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
