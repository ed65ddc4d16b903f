// What one sandboxed run may use. The defaults suit a pandas analysis of a query result; operators
// change them in the `sandbox:` section of datathread.yaml.

export interface SandboxLimits {
  /** Wall clock for one call; the process tree is killed after it. */
  wallClockMs: number;
  /** CPU time of each process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Address space of each process (RLIMIT_AS). */
  memoryBytes: number;
  /** Processes and threads of the sandbox user (RLIMIT_NPROC): stops fork bombs. */
  processes: number;
  /** stdout and stderr together; the run is stopped when it prints more. */
  outputBytes: number;
  /** Largest file the code may write (RLIMIT_FSIZE). */
  fileSizeBytes: number;
}

const MEGABYTE = 1024 * 1024;

export const DEFAULT_SANDBOX_WALL_CLOCK_MS = 60_000;
export const DEFAULT_SANDBOX_CPU_SECONDS = 60;
export const DEFAULT_SANDBOX_MEMORY_MB = 1024;
export const DEFAULT_SANDBOX_PROCESSES = 256;
export const DEFAULT_SANDBOX_OUTPUT_BYTES = MEGABYTE;
export const DEFAULT_SANDBOX_FILE_SIZE_MB = 100;
/** An idle sandbox (its files, its state) is removed after this long. */
export const DEFAULT_SANDBOX_TTL_MS = 5 * 60_000;
export const DEFAULT_SANDBOX_MAX_CONCURRENT = 4;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  wallClockMs: DEFAULT_SANDBOX_WALL_CLOCK_MS,
  cpuSeconds: DEFAULT_SANDBOX_CPU_SECONDS,
  memoryBytes: DEFAULT_SANDBOX_MEMORY_MB * MEGABYTE,
  processes: DEFAULT_SANDBOX_PROCESSES,
  outputBytes: DEFAULT_SANDBOX_OUTPUT_BYTES,
  fileSizeBytes: DEFAULT_SANDBOX_FILE_SIZE_MB * MEGABYTE,
};
