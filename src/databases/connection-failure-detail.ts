// A short, plain reason a database could not be reached, for DatabaseUnavailableError. It names
// the host and the cause, and scrubs anything secret that a driver might echo back.

interface ErrorWithCode {
  code?: unknown;
  message?: unknown;
}

export interface ConnectionTarget {
  host?: string;
  port?: number;
  /** Passwords and tokens that must never appear in the detail. */
  secrets: (string | undefined)[];
}

function scrub(text: string, secrets: (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('***');
  }
  return result;
}

export function connectionFailureDetail(error: unknown, target: ConnectionTarget): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as ErrorWithCode;
  const where = target.host ? `${target.host}${target.port ? `:${target.port}` : ''}` : 'the server';
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${where}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${target.host ?? ''} not found`;
    case 'ETIMEDOUT':
      return `no answer from ${where}`;
    case 'ECONNRESET':
      return `${where} closed the connection`;
    default:
      break;
  }
  const text = typeof message === 'string' && message ? message : String(error);
  return scrub(text.split('\n')[0] ?? text, target.secrets);
}
