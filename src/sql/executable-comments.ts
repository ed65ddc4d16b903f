// MySQL runs the content of `/*! … */` (and MariaDB of `/*M! … */`), unless a version number after
// the `!` is newer than the server. The gate cannot know which, so it checks both texts the server
// may run: with every such comment's content in place, and with every such comment removed.
// Offsets are kept (markers become spaces), so positions in messages still match the query.
import type { ExecutableComment } from './sql-tokenizer.js';

export function executableCommentReadings(sql: string, comments: readonly ExecutableComment[]): [string, string] {
  let withContent = '';
  let withoutComments = '';
  let position = 0;
  for (const comment of comments) {
    const before = sql.slice(position, comment.start);
    const content = sql.slice(comment.contentStart, comment.contentEnd);
    withContent += before + blank(comment.contentStart - comment.start) + content + blank(comment.end - comment.contentEnd);
    withoutComments += before + blank(comment.end - comment.start);
    position = comment.end;
  }
  const rest = sql.slice(position);
  return [withContent + rest, withoutComments + rest];
}

function blank(length: number): string {
  return ' '.repeat(length);
}
