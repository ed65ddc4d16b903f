// Sandboxes keyed by sandbox_id within one conversation: a second call with the same id finds the
// files (and HOME) the first one left. Idle sandboxes are removed after the TTL, all of them when
// the process exits, and the leftovers of crashed processes at start-up. At most `maxConcurrent`
// programs run at once; further calls wait for a slot.
import { existsSync, rmSync } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxBackend, SandboxFolders, SandboxLanguage, SandboxRunResult } from './sandbox-backend.js';
import { createSandboxFolders } from './sandbox-folders.js';
import type { SandboxLimits } from './sandbox-limits.js';
import { Semaphore } from './semaphore.js';

export interface SandboxPoolOptions {
  backend: SandboxBackend;
  /** Folder that holds every process's sandboxes (one subfolder per process id). */
  root: string;
  limits: SandboxLimits;
  networkAllowlist: readonly string[];
  ttlMs: number;
  maxConcurrent: number;
  now: () => Date;
  createId: (prefix: string) => string;
}

export interface SandboxCall {
  threadId: string;
  /** Reuse this sandbox when it is still alive in this conversation; absent = a new one. */
  sandboxId?: string;
  language: SandboxLanguage;
  code: string;
  /** Called with the sandbox's folders before the program runs (to copy data files in). */
  beforeRun?: (folders: SandboxFolders) => Promise<void>;
  signal?: AbortSignal;
}

export interface SandboxCallResult extends SandboxRunResult {
  sandboxId: string;
  /** True when an existing sandbox (its files, its state) was used. */
  reused: boolean;
  folders: SandboxFolders;
}

interface PooledSandbox {
  sandboxId: string;
  folders: SandboxFolders;
  lastUsedMs: number;
  /** Calls on one sandbox run one after another. */
  queue: Promise<unknown>;
}

const PROCESS_FOLDER_PREFIX = 'process-';

function isAlive(processId: number): boolean {
  try {
    process.kill(processId, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class SandboxPool {
  readonly processRoot: string;
  private readonly sandboxes = new Map<string, PooledSandbox>();
  private readonly slots: Semaphore;
  private readonly removeOnExit = () => rmSync(this.processRoot, { recursive: true, force: true });
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: SandboxPoolOptions) {
    this.processRoot = join(options.root, `${PROCESS_FOLDER_PREFIX}${process.pid}`);
    this.slots = new Semaphore(options.maxConcurrent);
  }

  /** Removes the folders of processes that are gone, then starts the TTL sweeper. */
  async start(): Promise<void> {
    // Traversable (not listable) by the unprivileged sandbox user, who must reach its own folders.
    await mkdir(this.options.root, { recursive: true, mode: 0o711 });
    await chmod(this.options.root, 0o711);
    for (const name of await readdir(this.options.root)) {
      const processId = Number(name.slice(PROCESS_FOLDER_PREFIX.length));
      if (name.startsWith(PROCESS_FOLDER_PREFIX) && processId !== process.pid && !isAlive(processId)) {
        await rm(join(this.options.root, name), { recursive: true, force: true });
      }
    }
    await mkdir(this.processRoot, { recursive: true, mode: 0o711 });
    process.once('exit', this.removeOnExit);
    this.sweeper = setInterval(() => void this.sweep(), Math.max(this.options.ttlMs / 5, 1_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sandboxes.size;
  }

  /** Removes every sandbox idle for longer than the TTL. */
  async sweep(): Promise<void> {
    const nowMs = this.options.now().getTime();
    for (const [key, sandbox] of this.sandboxes) {
      if (nowMs - sandbox.lastUsedMs > this.options.ttlMs) await this.remove(key, sandbox);
    }
  }

  async run(call: SandboxCall): Promise<SandboxCallResult> {
    const { sandbox, reused } = await this.acquire(call.threadId, call.sandboxId);
    const result = sandbox.queue.then(() =>
      this.slots.use(async () => {
        await call.beforeRun?.(sandbox.folders);
        const ran = await this.options.backend.run({
          folders: sandbox.folders,
          language: call.language,
          code: call.code,
          limits: this.options.limits,
          networkAllowlist: this.options.networkAllowlist,
          signal: call.signal,
        });
        sandbox.lastUsedMs = this.options.now().getTime();
        return { ...ran, sandboxId: sandbox.sandboxId, reused, folders: sandbox.folders };
      }, call.signal),
    );
    sandbox.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    process.removeListener('exit', this.removeOnExit);
    this.sandboxes.clear();
    await rm(this.processRoot, { recursive: true, force: true });
  }

  private async acquire(threadId: string, sandboxId: string | undefined): Promise<{ sandbox: PooledSandbox; reused: boolean }> {
    await this.sweep();
    if (sandboxId !== undefined) {
      const existing = this.sandboxes.get(keyOf(threadId, sandboxId));
      if (existing) {
        existing.lastUsedMs = this.options.now().getTime();
        return { sandbox: existing, reused: true };
      }
    }
    // A new sandbox: an unknown or expired id starts afresh under that same id.
    const id = sandboxId ?? this.options.createId('sandbox_');
    const folders = await createSandboxFolders(join(this.processRoot, this.options.createId('box_')));
    await this.options.backend.prepare(folders);
    const sandbox: PooledSandbox = { sandboxId: id, folders, lastUsedMs: this.options.now().getTime(), queue: Promise.resolve() };
    this.sandboxes.set(keyOf(threadId, id), sandbox);
    return { sandbox, reused: false };
  }

  private async remove(key: string, sandbox: PooledSandbox): Promise<void> {
    this.sandboxes.delete(key);
    await sandbox.queue;
    if (existsSync(sandbox.folders.root)) await rm(sandbox.folders.root, { recursive: true, force: true });
  }
}

function keyOf(threadId: string, sandboxId: string): string {
  return `${threadId}\u0000${sandboxId}`;
}
