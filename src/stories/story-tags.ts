// Finds the story tags in the code: <chart …/>, <table …/>, <grid …>, </grid>. Tags inside code
// (fenced blocks, inline code) and inside Markdown table rows are text, not tags. Attribute values
// are opaque, so a quoted ">" or "/" (e.g. title="13/07 > plan") never ends a tag early.

/** An attribute list whose quoted values may hold ">" and "/" (nao's TAG_ATTRS); a bare "<" means a new tag. */
const ATTRIBUTES_PATTERN = String.raw`(?:[^<>"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*?`;
const ELEMENT_TAG = new RegExp(String.raw`<(chart|table)\b(${ATTRIBUTES_PATTERN})(\/?)>`, 'y');
const GRID_OPEN_TAG = new RegExp(String.raw`<grid\b(${ATTRIBUTES_PATTERN})>`, 'y');
const GRID_CLOSE_TAG = /<\/grid\s*>/y;
const TAG_START = /<\/?(chart|table|grid)\b/g;
const ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)')/g;

interface TagBase {
  /** Offset of "<" in the code. */
  start: number;
  /** Offset just after the tag. */
  end: number;
  raw: string;
}

export type StoryTag =
  | (TagBase & {
      kind: 'element';
      name: 'chart' | 'table';
      selfClosing: boolean;
      attributes: Record<string, string>;
      /** Values as written: a `series` JSON may need its backslashes kept (`"Disc\\Rebate"`). */
      rawAttributes: Record<string, string>;
    })
  | (TagBase & { kind: 'grid-open'; attributes: Record<string, string> })
  | (TagBase & { kind: 'grid-close' })
  /** `<chart`, `<table` or `<grid` with no ">" to end it. */
  | (TagBase & { kind: 'unterminated'; name: 'chart' | 'table' | 'grid' });

/** Attribute values with `\"`, `\'` and `\\` unescaped, or (raw) exactly as written. */
export function parseTagAttributes(text: string, options: { raw?: boolean } = {}): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? '';
    attributes[match[1]!] = options.raw ? value : value.replace(/\\(["'\\])/g, '$1');
  }
  return attributes;
}

/** Offsets covered by fenced code blocks and inline code spans. */
function codeRanges(code: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm;
  let open: { marker: string; start: number } | undefined;
  for (const match of code.matchAll(fence)) {
    const marker = match[1]!;
    if (!open) open = { marker, start: match.index };
    else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && match[0].trim() === marker) {
      ranges.push([open.start, match.index + match[0].length]);
      open = undefined;
    }
  }
  if (open) ranges.push([open.start, code.length]);
  for (const match of code.matchAll(/(`+)[^`\n]*?\1/g)) {
    const inFence = ranges.some(([start, end]) => match.index >= start && match.index < end);
    if (!inFence) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/** A tag written inside a Markdown table row ("| a | <table …/> |") is cell text. */
export function isInMarkdownTableRow(code: string, index: number): boolean {
  const lineStart = code.lastIndexOf('\n', index - 1) + 1;
  const lineEndIndex = code.indexOf('\n', index);
  const lineEnd = lineEndIndex === -1 ? code.length : lineEndIndex;
  const prefix = code.slice(lineStart, index);
  const rest = code.slice(index, lineEnd);
  return /^\s*\|/.test(prefix) || (/\|\s*$/.test(prefix) && rest.includes('|'));
}

function lineEndFrom(code: string, index: number): number {
  const end = code.indexOf('\n', index);
  return end === -1 ? code.length : end;
}

function matchAt(pattern: RegExp, code: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  const match = pattern.exec(code);
  // A quote left open would swallow the rest of the document; a tag never spans a blank line.
  return match && !/\n[ \t]*\n/.test(match[0]) ? match : null;
}

export function scanStoryTags(code: string): StoryTag[] {
  const excluded = codeRanges(code);
  const tags: StoryTag[] = [];
  const starts = new RegExp(TAG_START.source, 'g');
  for (let found = starts.exec(code); found !== null; found = starts.exec(code)) {
    const start = found.index;
    if (excluded.some(([from, to]) => start >= from && start < to) || isInMarkdownTableRow(code, start)) continue;
    const name = found[1] as 'chart' | 'table' | 'grid';
    const closing = found[0].startsWith('</');
    let tag: StoryTag;
    if (closing) {
      const match = name === 'grid' ? matchAt(GRID_CLOSE_TAG, code, start) : null;
      if (!match) continue; // `</chart>` and friends are plain text
      tag = { kind: 'grid-close', start, end: start + match[0].length, raw: match[0] };
    } else if (name === 'grid') {
      const match = matchAt(GRID_OPEN_TAG, code, start);
      tag = match
        ? { kind: 'grid-open', start, end: start + match[0].length, raw: match[0], attributes: parseTagAttributes(match[1] ?? '') }
        : { kind: 'unterminated', name, start, end: lineEndFrom(code, start), raw: code.slice(start, lineEndFrom(code, start)) };
    } else {
      const match = matchAt(ELEMENT_TAG, code, start);
      tag = match
        ? {
            kind: 'element',
            name,
            start,
            end: start + match[0].length,
            raw: match[0],
            selfClosing: match[3] === '/',
            attributes: parseTagAttributes(match[2] ?? ''),
            rawAttributes: parseTagAttributes(match[2] ?? '', { raw: true }),
          }
        : { kind: 'unterminated', name, start, end: lineEndFrom(code, start), raw: code.slice(start, lineEndFrom(code, start)) };
    }
    tags.push(tag);
    starts.lastIndex = Math.max(tag.end, start + 1);
  }
  return tags;
}
