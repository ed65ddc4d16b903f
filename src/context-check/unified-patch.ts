// The proposed edits as one unified diff with `a/` and `b/` paths relative to the context folder:
// `git apply` (run in the context folder) accepts it.
import { createTwoFilesPatch } from 'diff';
import type { FileChange } from './proposed-edits.js';

export function unifiedPatch(changes: readonly FileChange[]): string {
  return changes
    .map((change) => {
      const patch = createTwoFilesPatch(`a/${change.relativePath}`, `b/${change.relativePath}`, change.before, change.after, undefined, undefined, { context: 3 });
      // The library's first line is an "Index:"-style separator; git wants the file header first.
      return patch.replace(/^=+\n/m, '').replace(/^Index:.*\n/m, '');
    })
    .join('');
}
