// nao's sandbox limits for execute_python.

export const PYTHON_TIME_LIMIT_SECONDS = 30;
export const PYTHON_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
export const PYTHON_MAX_RECURSION_DEPTH = 500;

export interface PythonLimits {
  maxDurationSecs: number;
  maxMemory: number;
  maxRecursionDepth: number;
}

export const PYTHON_LIMITS: PythonLimits = {
  maxDurationSecs: PYTHON_TIME_LIMIT_SECONDS,
  maxMemory: PYTHON_MEMORY_LIMIT_BYTES,
  maxRecursionDepth: PYTHON_MAX_RECURSION_DEPTH,
};

/** What a limit error says to the model: which limit, and what to do instead. */
export function describeLimit(typeName: string, limits: PythonLimits): string | undefined {
  switch (typeName) {
    case 'TimeoutError':
      return `the code hit the time limit of ${limits.maxDurationSecs} seconds and was stopped. Do less work in Python (aggregate in SQL first, avoid unbounded loops).`;
    case 'MemoryError':
      return `the code hit the memory limit of ${Math.round(limits.maxMemory / (1024 * 1024))} MB and was stopped. Work on fewer rows (aggregate in SQL first) or build smaller structures.`;
    case 'RecursionError':
      return `the code hit the recursion depth limit of ${limits.maxRecursionDepth} and was stopped. Use a loop instead of deep recursion.`;
    default:
      return undefined;
  }
}
