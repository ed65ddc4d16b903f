// `npm run teams:package`: the upload zip holds the filled manifest and both icons, and a zip
// reader (here: a small central-directory parser with CRC checks) can read it back.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { createCanvas, loadImage } from 'canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateTeamsManifest } from '../../manifests/teams-manifest-schema.js';

const run = promisify(execFile);
const BOT_APP_ID = '6d2a1d7c-4a3b-4c5e-9f00-0b1c2d3e4f50';
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-teams-package-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function crc32Of(data: Buffer): Promise<number> {
  const script = (await import(join(process.cwd(), 'scripts', 'teams-package.mjs'))) as { crc32(bytes: Buffer): number };
  return script.crc32(data);
}

function readZip(zip: Buffer): Map<string, { data: Buffer; crc: number }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let pointer = zip.readUInt32LE(end + 16);
  const files = new Map<string, { data: Buffer; crc: number }>();
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(pointer)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(pointer + 16);
    const compressedSize = zip.readUInt32LE(pointer + 20);
    const nameLength = zip.readUInt16LE(pointer + 28);
    const localOffset = zip.readUInt32LE(pointer + 42);
    const name = zip.subarray(pointer + 46, pointer + 46 + nameLength).toString('utf8');
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    files.set(name, { data: inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize)), crc });
    pointer += 46 + nameLength + zip.readUInt16LE(pointer + 30) + zip.readUInt16LE(pointer + 32);
  }
  return files;
}

describe('teams:package', () => {
  it('builds a zip with the filled manifest and both icons', async () => {
    const out = join(directory, 'teams-app.zip');
    await run('node', ['scripts/teams-package.mjs', '--out', out], { env: { ...process.env, clientId: BOT_APP_ID, BOT_DOMAIN: 'datathread.example.com' } });
    const files = readZip(await readFile(out));
    expect([...files.keys()]).toEqual(['manifest.json', 'color.png', 'outline.png']);
    for (const file of files.values()) expect(await crc32Of(file.data)).toBe(file.crc);

    const manifest = JSON.parse(files.get('manifest.json')!.data.toString('utf8'));
    expect(manifest.manifestVersion).toBe('1.22');
    expect(manifest.id).toBe(BOT_APP_ID);
    expect(manifest.bots[0]).toMatchObject({ botId: BOT_APP_ID, scopes: ['personal', 'team', 'groupChat'] });
    expect(manifest.authorization.permissions.resourceSpecific).toEqual([{ name: 'ChannelMessage.Read.Group', type: 'Application' }]);
    expect(manifest.webApplicationInfo).toEqual({ id: BOT_APP_ID, resource: `api://datathread.example.com/botid-${BOT_APP_ID}` });
    expect(JSON.stringify(manifest)).not.toContain('${{');
    // What the Developer Portal checks on upload: Microsoft's schema for this manifestVersion.
    expect(validateTeamsManifest(manifest)).toEqual([]);

    const color = await loadImage(files.get('color.png')!.data);
    expect([color.width, color.height]).toEqual([192, 192]);
    const outline = await loadImage(files.get('outline.png')!.data);
    expect([outline.width, outline.height]).toEqual([32, 32]);
    const canvas = createCanvas(32, 32);
    canvas.getContext('2d').drawImage(outline, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, 32, 32).data;
    for (let index = 0; index < pixels.length; index += 4) {
      if ((pixels[index + 3] ?? 0) === 0) continue;
      // Canvas reads pixels back through premultiplied alpha, so pure white can come back as 254.
      expect(Math.min(pixels[index] ?? 0, pixels[index + 1] ?? 0, pixels[index + 2] ?? 0)).toBeGreaterThanOrEqual(250);
    }
  });

  it("rejects, with Microsoft's schema, what the upload would reject", async () => {
    const out = join(directory, 'teams-app-checked.zip');
    await run('node', ['scripts/teams-package.mjs', '--out', out], { env: { ...process.env, clientId: BOT_APP_ID, BOT_DOMAIN: 'datathread.example.com' } });
    const manifest = JSON.parse(readZip(await readFile(out)).get('manifest.json')!.data.toString('utf8'));
    const tooLong = { ...manifest, description: { ...manifest.description, short: 'x'.repeat(87) } };
    expect(validateTeamsManifest(tooLong)).toEqual(['/description/short must NOT have more than 80 characters']);
    const { id: _id, ...withoutId } = manifest;
    expect(validateTeamsManifest(withoutId)).toEqual(["/ must have required property 'id'"]);
  });

  it('says which value is missing', async () => {
    const environment = { ...process.env, clientId: '', MicrosoftAppId: '', BOT_DOMAIN: 'datathread.example.com' };
    await expect(run('node', ['scripts/teams-package.mjs', '--out', join(directory, 'x.zip')], { env: environment })).rejects.toMatchObject({
      stderr: expect.stringContaining('set clientId to the Microsoft App ID of your Azure Bot'),
    });
  });
});
