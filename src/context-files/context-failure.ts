// Path refusals and missing files are things the model can act on: they come back as data.
// Anything else (an unreadable disk) is an infrastructure fault and is thrown.
import { AccessDeniedError, ContextPathError } from './access-denied-error.js';

export interface ContextFailure {
  _version: '1';
  status: 'error';
  message: string;
}

export function contextFailure(error: unknown): ContextFailure {
  if (error instanceof AccessDeniedError || error instanceof ContextPathError) return { _version: '1', status: 'error', message: error.message };
  throw error;
}
