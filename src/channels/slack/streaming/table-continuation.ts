// A Markdown table cut between two streamed messages: each message is rendered on its own, so rows
// that continue in the next message need the table's header (its first row and the delimiter row
// under it) again above them, or they read as a bare list of values.

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function isTableRow(line: string): boolean {
  return line.trimStart().startsWith('|');
}

/**
 * The header and delimiter lines (each ending in a line break) of the table that `textSoFar` ends
 * inside, when it ends with a whole row; undefined when it does not end inside a table.
 */
export function openTableHeader(textSoFar: string): string | undefined {
  if (!textSoFar.endsWith('\n')) return undefined;
  const lines = textSoFar.slice(0, -1).split('\n');
  let first = lines.length;
  while (first > 0 && isTableRow(lines[first - 1]!)) first -= 1;
  const header = lines[first];
  const delimiter = lines[first + 1];
  if (first === lines.length || header === undefined || delimiter === undefined || !DELIMITER_ROW.test(delimiter)) return undefined;
  return `${header}\n${delimiter}\n`;
}

/** Whether text that starts a new message goes on with the rows of a table. */
export function continuesTable(nextText: string): boolean {
  return isTableRow(nextText);
}
