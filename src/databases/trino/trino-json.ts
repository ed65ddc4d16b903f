// Trino sends BIGINT values as bare JSON numbers, and JSON.parse rounds any integer past 2^53
// (9007199254740993 becomes …992) before the adapter sees it. Integers a double cannot hold are
// turned into string tokens first, so they keep every digit, as every adapter hands out integers
// past 2^53.
/** An integer needs at least 16 digits to pass 2^53; text without such a run parses as it is. */
const POSSIBLY_UNSAFE_INTEGER = /\d{16}/;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The JSON text with every integer token past 2^53 quoted; strings are skipped whole. */
export function quoteUnsafeIntegers(text: string): string {
  if (!POSSIBLY_UNSAFE_INTEGER.test(text)) return text;
  const parts: string[] = [];
  let copiedUpTo = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      // A string: skip to its closing quote, stepping over escapes.
      index += 1;
      while (index < text.length && text.charCodeAt(index) !== 34) index += text.charCodeAt(index) === 92 ? 2 : 1;
      index += 1;
      continue;
    }
    if (code !== 45 && !isDigit(code)) {
      index += 1;
      continue;
    }
    let end = code === 45 ? index + 1 : index;
    while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
    const next = text[end];
    const integer = next !== '.' && next !== 'e' && next !== 'E';
    if (integer && !Number.isSafeInteger(Number(text.slice(index, end)))) {
      parts.push(text.slice(copiedUpTo, index), '"', text.slice(index, end), '"');
      copiedUpTo = end;
    }
    while (end < text.length && /[\d.eE+-]/.test(text[end]!)) end += 1;
    index = end;
  }
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}

/** For the HTTP client's response transform: JSON with big integers kept; other text unchanged. */
export function parseTrinoResponse(data: unknown): unknown {
  if (typeof data !== 'string' || data.length === 0) return data;
  try {
    return JSON.parse(quoteUnsafeIntegers(data)) as unknown;
  } catch {
    return data;
  }
}
