// The one list of error codes (src/support/error-codes.ts) and the errors agree: every error class
// under src/ declares a code from the list, and every code in the list is some error's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/support/error-codes.js';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each error class's name and the code it declares (`readonly code = '…'` in its body). */
function declaredCodes(): { errorClass: string; code: string | undefined }[] {
  return sourceFiles('src').flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/export (?:abstract )?class (\w+) extends (\w+Error)\b[^{]*\{([\s\S]*?)\n\}/g)].map(([, errorClass, , body]) => ({
      errorClass: `${path}: ${errorClass}`,
      code: /readonly code = '([^']+)'/.exec(body ?? '')?.[1],
    }));
  });
}

describe('error codes', () => {
  const declared = declaredCodes().filter((entry) => entry.code !== undefined);

  it('finds the errors it checks', () => {
    expect(declared.length).toBeGreaterThanOrEqual(Object.keys(ERROR_CODES).length);
  });

  it('every error class declares a code from the list', () => {
    const unlisted = declared.filter((entry) => !Object.hasOwn(ERROR_CODES, entry.code ?? ''));
    expect(unlisted).toEqual([]);
  });

  it('every code in the list is declared by exactly one error class', () => {
    const uses = Object.keys(ERROR_CODES).map((code) => ({ code, classes: declared.filter((entry) => entry.code === code).map((entry) => entry.errorClass) }));
    expect(uses.filter((use) => use.classes.length !== 1)).toEqual([]);
  });

  it('every code is snake_case and has a one-line meaning', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(meaning.length).toBeGreaterThan(10);
      expect(meaning).not.toContain('\n');
    }
  });
});
