// A context folder on disk for the tests, with a secret file next to it (outside) and links that
// try to lead there.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ContextFolder } from '../../src/context-files/context-folder.js';

export interface ContextFixture {
  base: string;
  root: string;
  outsideFile: string;
  folder: ContextFolder;
  write(relativePath: string, content: string): Promise<void>;
  remove(): Promise<void>;
}

export async function createContextFixture(files: Record<string, string> = {}): Promise<ContextFixture> {
  const base = await mkdtemp(join(tmpdir(), 'datathread-context-'));
  const root = join(base, 'context');
  await mkdir(root);
  const outsideFile = join(base, 'secret.txt');
  await writeFile(outsideFile, 'TOP SECRET salary data\n');
  await mkdir(join(base, 'outside-dir'));
  await writeFile(join(base, 'outside-dir', 'leak.md'), 'leaked\n');
  const write = async (relativePath: string, content: string) => {
    await mkdir(dirname(join(root, relativePath)), { recursive: true });
    await writeFile(join(root, relativePath), content);
  };
  for (const [path, content] of Object.entries(files)) await write(path, content);
  return { base, root, outsideFile, folder: new ContextFolder(root), write, remove: () => rm(base, { recursive: true, force: true }) };
}

export async function linkOutside(fixture: ContextFixture): Promise<void> {
  await symlink(fixture.outsideFile, join(fixture.root, 'secret-link.md'));
  await symlink(join(fixture.base, 'outside-dir'), join(fixture.root, 'outside-link'));
}
