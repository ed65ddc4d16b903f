// The refusal every context-folder tool gives for a path it must not touch, in nao's words
// ("Access denied: path '…' is outside the project folder"), so the model learns one rule.
import { DatathreadError } from '../support/errors.js';

export const IGNORE_FILE_NAME = '.datathreadignore';

export type AccessDeniedReason = 'outside' | 'ignored' | 'absolute_pattern' | 'parent_pattern';

function describe(reason: AccessDeniedReason, path: string): string {
  switch (reason) {
    case 'outside':
      return `Access denied: path '${path}' is outside the context folder`;
    case 'ignored':
      return `Access denied: path '${path}' is ignored by ${IGNORE_FILE_NAME}`;
    case 'absolute_pattern':
      return 'Access denied: absolute paths are not allowed in file patterns';
    case 'parent_pattern':
      return "Access denied: '..' is not allowed in file patterns";
  }
}

export class AccessDeniedError extends DatathreadError {
  override readonly name = 'AccessDeniedError';
  readonly code = 'access_denied';

  constructor(
    readonly reason: AccessDeniedReason,
    readonly path: string,
  ) {
    super(describe(reason, path));
  }
}

/** A path inside the folder that does not exist (or is not the kind of entry asked for). */
export class ContextPathError extends DatathreadError {
  override readonly name = 'ContextPathError';
  readonly code = 'context_path_not_found';
}
