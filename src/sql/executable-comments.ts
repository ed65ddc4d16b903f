// MySQL runs the content of `/*! … */` (and MariaDB of `/*M! … */`), unless a version number after
// the `!` is newer than the server. The gate cannot know which, so it checks both texts the server
// may run: with every such comment's content in place, and with every such comment removed.
// Offsets are kept (markers become spaces), so positions in messages still match the query.
// A comment the server runs ends at the first `*/` its lexer meets between tokens (one inside a
// quoted name or string does not count); one it skips ends at the first `*/` in the text, quotes or
// not, as a plain comment does (after one nested /* … */, which it allows): MariaDB runs
// `SELECT 1 /*!99999 ` */ , x -- `*/` as `SELECT 1 , x` (sql_lex.cc, consume_comment).
import type { ExecutableComment } from './sql-tokenizer.js';

export function executableCommentReadings(sql: string, comments: readonly ExecutableComment[]): [string, string] {
  let withContent = '';
  let withoutComments = '';
  let position = 0;
  for (const comment of comments) {
    const before = sql.slice(position, comment.start);
    const content = sql.slice(comment.contentStart, comment.contentEnd);
    withContent += before + blank(comment.contentStart - comment.start) + content + blank(comment.end - comment.contentEnd);
    const skippedEnd = plainCommentEnd(sql, comment.contentStart, comment.end);
    withoutComments += before + blank(skippedEnd - comment.start) + sql.slice(skippedEnd, comment.end);
    position = comment.end;
  }
  const rest = sql.slice(position);
  return [withContent + rest, withoutComments + rest];
}

/**
 * Where a skipped comment ends, never past `end`: at the first `*\/` outside one nested `/* … *\/`
 * (the server's lexer lets a skipped executable comment hold one level of plain comment).
 */
function plainCommentEnd(sql: string, contentStart: number, end: number): number {
  let nested = false;
  for (let index = contentStart; index + 1 < end; index += 1) {
    if (!nested && sql[index] === '/' && sql[index + 1] === '*') {
      nested = true;
      index += 1;
    } else if (sql[index] === '*' && sql[index + 1] === '/') {
      if (!nested) return index + 2;
      nested = false;
      index += 1;
    }
  }
  return end;
}

function blank(length: number): string {
  return ' '.repeat(length);
}
