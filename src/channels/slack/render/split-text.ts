// Cuts long mrkdwn into pieces that fit a Slack text field. It prefers paragraph breaks, then line
// breaks, then spaces, and never cuts inside a `<url|label>` link, an `&amp;` entity or a
// surrogate pair, so every piece renders on its own.

export function splitText(text: string, maxCharacters: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxCharacters) {
    const cut = findCut(rest, maxCharacters);
    const piece = rest.slice(0, cut.end).trimEnd();
    if (piece !== '') pieces.push(piece);
    rest = rest.slice(cut.resume).replace(/^\n+/, '');
  }
  if (rest.trim() !== '') pieces.push(rest);
  return pieces;
}

interface Cut {
  /** The piece ends before this index. */
  end: number;
  /** The next piece starts at this index (the separator in between is dropped). */
  resume: number;
}

function findCut(text: string, maxCharacters: number): Cut {
  const window = text.slice(0, maxCharacters + 1);
  const minimum = Math.floor(maxCharacters / 2);
  for (const separator of ['\n\n', '\n', ' ']) {
    const position = window.lastIndexOf(separator, maxCharacters);
    if (position >= minimum) {
      const end = avoidBrokenMarkup(text, position);
      if (end >= minimum) return { end, resume: end === position ? position + separator.length : end };
    }
  }
  const end = avoidBrokenMarkup(text, maxCharacters);
  return { end: end > 0 ? end : maxCharacters, resume: end > 0 ? end : maxCharacters };
}

/** Moves a cut back to before an unclosed `<…>` or `&…;`, and off the middle of a surrogate pair. */
function avoidBrokenMarkup(text: string, position: number): number {
  let end = position;
  const openLink = text.lastIndexOf('<', end - 1);
  if (openLink !== -1 && text.indexOf('>', openLink) >= end) end = openLink;
  const entity = /&(amp|lt|gt);/y;
  for (let start = Math.max(0, end - 4); start < end; start += 1) {
    entity.lastIndex = start;
    if (entity.test(text) && entity.lastIndex > end) {
      end = start;
      break;
    }
  }
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return end;
}

/** Splits code into fenced pieces that each fit, cutting between lines where it can. */
export function splitCodeBlock(code: string, maxCharacters: number): string[] {
  const fenceOverhead = '```\n\n```'.length;
  const budget = maxCharacters - fenceOverhead;
  const chunks: string[] = [];
  let current = '';
  for (const line of code.split('\n')) {
    const pieces = line.length > budget ? (line.match(new RegExp(`[\\s\\S]{1,${budget}}`, 'g')) ?? ['']) : [line];
    for (const piece of pieces) {
      const candidate = current === '' ? piece : `${current}\n${piece}`;
      if (candidate.length > budget && current !== '') {
        chunks.push(current);
        current = piece;
      } else {
        current = candidate;
      }
    }
  }
  chunks.push(current);
  return chunks.map((chunk) => `\`\`\`\n${chunk}\n\`\`\``);
}
