// Adds lockfile entries for optional platform packages that this machine's npm registry does not
// serve (e.g. @pydantic/monty's macOS/Windows/ARM builds). Without them `npm ci` calls the lock
// "out of sync" even though those packages would be skipped on this platform anyway. Each entry
// carries its os/cpu so npm skips it here and fetches it normally on a matching machine.
// Run after any `npm install` that rewrites package-lock.json: `node scripts/complete-lockfile.mjs`,
// or with another lockfile's path (test/engines/package-lock.json) to complete that one.
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
};

const lockPath = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target]) continue;
    const suffix = Object.keys(PLATFORMS).find((platform) => name.endsWith(`-${platform}`));
    if (!suffix) {
      console.warn(`${path}: optional dependency ${name} is missing from the lock and is not a known platform package; left alone`);
      continue;
    }
    lock.packages[target] = { version, ...PLATFORMS[suffix], optional: true };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entr${added === 1 ? 'y' : 'ies'}`);
