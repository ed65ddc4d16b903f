// The seam between the pool and whatever isolates the code: bubblewrap on this host today, a hosted
// sandbox (E2B, Daytona, Vercel Sandbox) later. A backend runs one program in one sandbox folder.
import type { SandboxLimits } from './sandbox-limits.js';

export type SandboxLanguage = 'python' | 'shell';

/** Host folders of one sandbox; inside they appear under SANDBOX_PATHS. */
export interface SandboxFolders {
  root: string;
  /** Query results as CSV, read-only inside. */
  data: string;
  /** Where the code writes what should come back (PNG, CSV); kept across calls. */
  output: string;
  /** HOME inside: caches and state between calls of the same sandbox. */
  home: string;
}

export const SANDBOX_PATHS = {
  data: '/sandbox/data',
  output: '/sandbox/output',
  home: '/sandbox/home',
} as const;

export interface SandboxRunRequest {
  folders: SandboxFolders;
  language: SandboxLanguage;
  code: string;
  limits: SandboxLimits;
  /** Domains reachable through the egress proxy; empty means no network at all. */
  networkAllowlist: readonly string[];
  signal?: AbortSignal;
}

export type SandboxStopReason = 'wall_clock' | 'output_limit' | 'aborted';

export interface SandboxRunResult {
  exitCode: number | null;
  /** The signal that ended the program (SIGKILL after a limit, SIGXCPU for CPU time). */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Set when datathread stopped the run. */
  stoppedBy?: SandboxStopReason;
  durationMs: number;
}

export interface SandboxBackend {
  /** For `datathread check` and logs, e.g. "bubblewrap 0.8.0". */
  readonly description: string;
  /** Prepares a new sandbox's folders for this backend (ownership, modes). */
  prepare(folders: SandboxFolders): Promise<void>;
  run(request: SandboxRunRequest): Promise<SandboxRunResult>;
}

export type SandboxAvailability = { available: true; backend: SandboxBackend } | { available: false; reason: string };
