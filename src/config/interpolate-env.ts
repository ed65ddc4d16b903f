// `{{ env('VAR') }}` in any string of datathread.yaml is replaced with the variable's value, so
// secrets stay out of the file (the same syntax nao_config.yaml uses).
import type { ConfigProblem } from './config-error.js';

const ENV_REFERENCE = /\{\{\s*env\(\s*(['"])([A-Za-z_][A-Za-z0-9_]*)\1\s*\)\s*\}\}/g;

export function interpolateEnv(
  value: unknown,
  environment: Readonly<Record<string, string | undefined>>,
  problems: ConfigProblem[],
  path = '',
): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (_match, _quote, name: string) => {
      const resolved = environment[name];
      if (resolved === undefined) {
        problems.push({
          key: path || '(root)',
          problem: `refers to environment variable ${name}, which is not set`,
          fix: `set ${name} in the environment (or in the process manager's env file) before starting datathread`,
        });
        return '';
      }
      return resolved;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, environment, problems, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateEnv(item, environment, problems, path ? `${path}.${key}` : key)]),
    );
  }
  return value;
}
