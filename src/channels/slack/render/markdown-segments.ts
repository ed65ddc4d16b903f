// Splits the model's Markdown into the pieces Slack renders differently: running text (mrkdwn
// sections), fenced code (kept verbatim), tables (table blocks) and horizontal rules (dividers).

export type ColumnAlignment = 'left' | 'center' | 'right';

export type MarkdownSegment =
  | { kind: 'text'; markdown: string }
  | { kind: 'code'; code: string }
  | { kind: 'table'; header: string[]; rows: string[][]; alignments: (ColumnAlignment | undefined)[] }
  | { kind: 'divider' };

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const TABLE_DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const HORIZONTAL_RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

export function parseMarkdownSegments(markdown: string): MarkdownSegment[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const segments: MarkdownSegment[] = [];
  let textLines: string[] = [];
  const flushText = () => {
    const text = textLines.join('\n').replace(/^\n+|\n+$/g, '');
    if (text.trim() !== '') segments.push({ kind: 'text', markdown: text });
    textLines = [];
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      const closing = lines.findIndex((candidate, position) => position > index && candidate.trim().startsWith(fence[1] ?? '```'));
      const end = closing === -1 ? lines.length : closing;
      flushText();
      segments.push({ kind: 'code', code: lines.slice(index + 1, end).join('\n') });
      index = end;
      continue;
    }
    if (line.includes('|') && TABLE_DELIMITER_ROW.test(lines[index + 1] ?? '') && (lines[index + 1] ?? '').includes('-')) {
      const header = splitTableRow(line);
      const alignments = splitTableRow(lines[index + 1] ?? '').map(readAlignment);
      const rows: string[][] = [];
      let next = index + 2;
      while (next < lines.length && (lines[next] ?? '').includes('|') && (lines[next] ?? '').trim() !== '') {
        rows.push(splitTableRow(lines[next] ?? ''));
        next += 1;
      }
      flushText();
      segments.push({ kind: 'table', header, rows, alignments });
      index = next - 1;
      continue;
    }
    if (HORIZONTAL_RULE.test(line)) {
      flushText();
      segments.push({ kind: 'divider' });
      continue;
    }
    textLines.push(line);
  }
  flushText();
  return segments;
}

/** `| a | b \| c |` → ['a', 'b | c'] (outer pipes optional, escaped pipes kept). */
function splitTableRow(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function readAlignment(delimiterCell: string): ColumnAlignment | undefined {
  const left = delimiterCell.startsWith(':');
  const right = delimiterCell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return undefined;
}
