// The host folders of one sandbox (data, output, home) under its root.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxFolders } from './sandbox-backend.js';

export async function createSandboxFolders(root: string): Promise<SandboxFolders> {
  const folders = { root, data: join(root, 'data'), output: join(root, 'output'), home: join(root, 'home') };
  for (const folder of [folders.data, folders.output, folders.home]) await mkdir(folder, { recursive: true, mode: 0o700 });
  return folders;
}
