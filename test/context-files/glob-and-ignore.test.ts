import { describe, expect, it } from 'vitest';
import { createPathMatcher, globToRegExp } from '../../src/context-files/glob-pattern.js';
import { IgnoreRules } from '../../src/context-files/ignore-rules.js';

describe('globToRegExp', () => {
  it.each([
    ['*.md', 'notes.md', true],
    ['*.md', 'a/notes.md', false],
    ['**/*.md', 'a/b/notes.md', true],
    ['**/*.md', 'notes.md', true],
    ['metrics/**', 'metrics/a/b.sql', true],
    ['metrics/*.{md,sql}', 'metrics/revenue.sql', true],
    ['metrics/*.{md,sql}', 'metrics/revenue.csv', false],
    ['data?.csv', 'data1.csv', true],
    ['data?.csv', 'data10.csv', false],
    ['[a-c]*.md', 'bravo.md', true],
    ['[!a-c]*.md', 'bravo.md', false],
    ['*revenue*', 'monthly-revenue.md', true],
    ['a.b', 'axb', false],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(globToRegExp(pattern).test(path)).toBe(expected);
  });

  it('matches a slash-free glob against the file name at any depth, and a path glob from the top', () => {
    expect(createPathMatcher('*.sql')('metrics/deep/revenue.sql')).toBe(true);
    expect(createPathMatcher('metrics/*.sql')('metrics/revenue.sql')).toBe(true);
    expect(createPathMatcher('metrics/*.sql')('other/metrics/revenue.sql')).toBe(false);
  });
});

describe('IgnoreRules', () => {
  const rules = IgnoreRules.parse(['# private things', 'drafts/', '*.secret.md', '/hr/salaries.md', '', '!not-supported'].join('\n'));

  it('hides a directory pattern anywhere, and everything inside it', () => {
    expect(rules.isIgnored('drafts', true)).toBe(true);
    expect(rules.isIgnored('drafts/q3.md')).toBe(true);
    expect(rules.isIgnored('team/drafts/q3.md')).toBe(true);
    expect(rules.isIgnored('drafts')).toBe(false);
  });

  it('hides a name pattern at any depth and an anchored path only from the top', () => {
    expect(rules.isIgnored('a/b/plan.secret.md')).toBe(true);
    expect(rules.isIgnored('hr/salaries.md')).toBe(true);
    expect(rules.isIgnored('old/hr/salaries.md')).toBe(false);
    expect(rules.isIgnored('metrics/revenue.md')).toBe(false);
  });

  it('always hides .git and the ignore file itself', () => {
    const none = IgnoreRules.parse('');
    expect(none.isIgnored('.git/config')).toBe(true);
    expect(none.isIgnored('.datathreadignore')).toBe(true);
  });
});
