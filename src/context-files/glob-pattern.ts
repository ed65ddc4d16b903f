// Glob patterns (`*.md`, `**/metrics/*.{md,sql}`, `data?.csv`, `[a-c]*`) as regular expressions
// over `/`-separated relative paths. Pure TypeScript: no glob package, no ripgrep binary.

function escapeCharacter(character: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(character) ? `\\${character}` : character;
}

function readCharacterClass(pattern: string, start: number): { source: string; end: number } | undefined {
  let index = start + 1;
  let negated = false;
  if (pattern[index] === '!' || pattern[index] === '^') {
    negated = true;
    index += 1;
  }
  let body = '';
  if (pattern[index] === ']') {
    body += '\\]';
    index += 1;
  }
  while (index < pattern.length && pattern[index] !== ']') {
    const character = pattern[index]!;
    body += character === '\\' || character === '^' ? `\\${character}` : character;
    index += 1;
  }
  if (index >= pattern.length) return undefined;
  return { source: `[${negated ? '^/' : ''}${body}]`, end: index };
}

function translate(pattern: string): string {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentStart = index === 0 || pattern[index - 1] === '/';
        const followedBySlash = pattern[index + 2] === '/';
        if (atSegmentStart && followedBySlash) {
          source += '(?:[^/]*/)*';
          index += 2;
        } else {
          source += '.*';
          index += 1;
        }
      } else source += '[^/]*';
    } else if (character === '?') source += '[^/]';
    else if (character === '[') {
      const characterClass = readCharacterClass(pattern, index);
      if (characterClass) {
        source += characterClass.source;
        index = characterClass.end;
      } else source += '\\[';
    } else if (character === '{') {
      braceDepth += 1;
      source += '(?:';
    } else if (character === '}' && braceDepth > 0) {
      braceDepth -= 1;
      source += ')';
    } else if (character === ',' && braceDepth > 0) source += '|';
    else if (character === '\\' && index + 1 < pattern.length) {
      index += 1;
      source += escapeCharacter(pattern[index]!);
    } else source += escapeCharacter(character);
  }
  return source + ')'.repeat(braceDepth);
}

/** Matches a whole relative path (`a/b/c.md`, no leading slash). */
export function globToRegExp(pattern: string, options: { caseInsensitive?: boolean } = {}): RegExp {
  return new RegExp(`^${translate(pattern)}$`, options.caseInsensitive ? 'i' : '');
}

/**
 * ripgrep's `--glob` rule: a pattern without `/` matches the file name at any depth, a pattern
 * with `/` matches the path from the searched folder.
 */
export function createPathMatcher(pattern: string): (relativePath: string) => boolean {
  const trimmed = pattern.replace(/^\/+/, '');
  const expression = globToRegExp(trimmed);
  if (trimmed.includes('/')) return (relativePath) => expression.test(relativePath);
  return (relativePath) => expression.test(relativePath.slice(relativePath.lastIndexOf('/') + 1));
}
