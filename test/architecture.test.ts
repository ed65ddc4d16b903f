// The core never imports a chat platform SDK or the HTTP framework: platforms live in channels/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Where a platform SDK or the HTTP framework may be imported; every other folder of src/ is the core. */
const PLATFORM_FOLDERS = ['channels', 'server', 'cli', 'mcp-server'];
const CORE_FOLDERS = readdirSync('src').filter((name) => statSync(join('src', name)).isDirectory() && !PLATFORM_FOLDERS.includes(name));
const PLATFORM_IMPORT = /from\s+['"](@slack\/[^'"]+|@microsoft\/agents-[^'"]+|botbuilder[^'"]*|express)['"]/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('architecture', () => {
  it.each(CORE_FOLDERS)('src/%s imports no chat platform SDK and no HTTP framework', (folder) => {
    const offenders = sourceFiles(join('src', folder)).filter((path) => PLATFORM_IMPORT.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('reads process.env only where the environment is read once', () => {
    const readers = sourceFiles('src').filter((path) => /process\.env\b/.test(readFileSync(path, 'utf8').replace(/\/\/.*$/gm, '')));
    expect(readers).toEqual([join('src', 'config', 'environment.ts')]);
  });
});
