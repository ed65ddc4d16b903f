// `.datathreadignore` at the top of the context folder: one gitignore-style pattern per line
// (`#` comments; `drafts/` a directory anywhere; `*.secret.md` a name anywhere; `hr/salaries.md`
// a path from the top). Negation (`!`) is not supported. A matched entry is invisible to every
// tool, and so is everything inside a matched directory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IGNORE_FILE_NAME } from './access-denied-error.js';
import { globToRegExp } from './glob-pattern.js';

/** Never shown, never read: version-control internals and the ignore file itself. */
export const ALWAYS_HIDDEN_NAMES = new Set(['.git', IGNORE_FILE_NAME]);

interface IgnoreRule {
  expression: RegExp;
  /** The pattern has a `/` inside: it is matched against the whole path from the top. */
  anchored: boolean;
  directoryOnly: boolean;
}

function parseRule(line: string): IgnoreRule | undefined {
  let pattern = line.trim();
  if (!pattern || pattern.startsWith('#') || pattern.startsWith('!')) return undefined;
  const directoryOnly = pattern.endsWith('/');
  if (directoryOnly) pattern = pattern.replace(/\/+$/, '');
  const anchored = pattern.includes('/');
  pattern = pattern.replace(/^\/+/, '');
  if (!pattern) return undefined;
  return { expression: globToRegExp(pattern), anchored, directoryOnly };
}

export class IgnoreRules {
  private constructor(private readonly rules: IgnoreRule[]) {}

  static parse(text: string): IgnoreRules {
    return new IgnoreRules(text.split(/\r?\n/).map(parseRule).filter((rule): rule is IgnoreRule => rule !== undefined));
  }

  /** Reads the folder's ignore file; a missing or unreadable file ignores nothing. */
  static load(folder: string): IgnoreRules {
    try {
      return IgnoreRules.parse(readFileSync(join(folder, IGNORE_FILE_NAME), 'utf8'));
    } catch {
      return new IgnoreRules([]);
    }
  }

  /**
   * Whether a relative path (`a/b/c.md`) is hidden: it, or one of its parent directories, is
   * matched by a rule or is always hidden.
   */
  isIgnored(relativePath: string, isDirectory = false): boolean {
    const segments = relativePath.split('/').filter(Boolean);
    for (let index = 0; index < segments.length; index += 1) {
      const name = segments[index]!;
      if (ALWAYS_HIDDEN_NAMES.has(name)) return true;
      const prefix = segments.slice(0, index + 1).join('/');
      const prefixIsDirectory = index < segments.length - 1 || isDirectory;
      for (const rule of this.rules) {
        if (rule.directoryOnly && !prefixIsDirectory) continue;
        if (rule.expression.test(rule.anchored ? prefix : name)) return true;
      }
    }
    return false;
  }
}
