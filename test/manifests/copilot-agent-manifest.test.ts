// `npm run teams:package -- --copilot`: the same Teams app package, with the bot also declared as a
// Microsoft 365 Copilot custom engine agent, valid against Microsoft's published schema for its
// manifestVersion (npm @microsoft/app-manifest) and against the rules the schema's descriptions
// state but cannot express (the agent's id is the bot's, that bot has personal scope, the app has a
// short name and a short description).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { validateTeamsManifest } from './teams-manifest-schema.js';

const run = promisify(execFile);
const BOT_APP_ID = '6d2a1d7c-4a3b-4c5e-9f00-0b1c2d3e4f50';
let directory: string;

interface Manifest {
  manifestVersion: string;
  name: { short?: string };
  description: { short?: string };
  bots: Array<{ botId: string; scopes: string[] }>;
  copilotAgents?: { customEngineAgents: Array<{ id: string; type: string; disclaimer?: { text: string } }> };
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'datathread-copilot-package-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The manifest.json inside a package zip (the zip's first entry, as the packager writes it). */
function manifestInZip(zip: Buffer): Manifest {
  const nameLength = zip.readUInt16LE(26);
  const compressedSize = zip.readUInt32LE(18);
  const start = 30 + nameLength + zip.readUInt16LE(28);
  expect(zip.subarray(30, 30 + nameLength).toString('utf8')).toBe('manifest.json');
  return JSON.parse(inflateRawSync(zip.subarray(start, start + compressedSize)).toString('utf8')) as Manifest;
}

async function buildPackage(name: string, ...flags: string[]): Promise<{ manifest: Manifest; stdout: string }> {
  const out = join(directory, name);
  const { stdout } = await run('node', ['scripts/teams-package.mjs', ...flags, '--out', out], { env: { ...process.env, clientId: BOT_APP_ID, BOT_DOMAIN: 'datathread.example.com' } });
  return { manifest: manifestInZip(await readFile(out)), stdout };
}

/** What Microsoft's schema descriptions require of a custom engine agent beyond the schema itself. */
function customEngineAgentProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  for (const agent of manifest.copilotAgents?.customEngineAgents ?? []) {
    const bot = manifest.bots.find((candidate) => candidate.botId === agent.id);
    if (!bot) problems.push(`customEngineAgents ${agent.id} names no bot of the bots node`);
    else if (!bot.scopes.includes('personal')) problems.push(`customEngineAgents ${agent.id}: its bot needs personal scope`);
  }
  if (!manifest.name.short) problems.push('name.short is required for a custom engine agent');
  if (!manifest.description.short) problems.push('description.short is required for a custom engine agent');
  return problems;
}

describe('Microsoft 365 Copilot custom engine agent package', () => {
  it('declares the bot as the custom engine agent, valid against Microsoft’s schema for manifest 1.22', async () => {
    const { manifest, stdout } = await buildPackage('copilot.zip', '--copilot');
    expect(stdout).toContain('with the Microsoft 365 Copilot custom engine agent');
    expect(manifest.manifestVersion).toBe('1.22');
    expect(manifest.copilotAgents).toEqual({ customEngineAgents: [{ id: BOT_APP_ID, type: 'bot', disclaimer: { text: expect.stringContaining('Check the SQL') } }] });
    expect(manifest.bots[0]!.scopes).toEqual(['personal', 'team', 'groupChat', 'copilot']);
    expect(validateTeamsManifest(manifest)).toEqual([]);
    expect(customEngineAgentProblems(manifest)).toEqual([]);
  });

  it('leaves the Teams-only package as it was without --copilot', async () => {
    const { manifest } = await buildPackage('teams.zip');
    expect(manifest.copilotAgents).toBeUndefined();
    expect(manifest.bots[0]!.scopes).toEqual(['personal', 'team', 'groupChat']);
    expect(validateTeamsManifest(manifest)).toEqual([]);
  });

  it('the schema and the rules refuse what Microsoft 365 Copilot would', async () => {
    const { manifest } = await buildPackage('copilot-checked.zip', '--copilot');
    const agent = manifest.copilotAgents!.customEngineAgents[0]!;
    const twoAgents = { ...manifest, copilotAgents: { customEngineAgents: [agent, { ...agent }] } };
    expect(validateTeamsManifest(twoAgents)).toEqual(['/copilotAgents/customEngineAgents must NOT have more than 1 items']);
    const longDisclaimer = { ...manifest, copilotAgents: { customEngineAgents: [{ ...agent, disclaimer: { text: 'x'.repeat(501) } }] } };
    expect(validateTeamsManifest(longDisclaimer)).toEqual(['/copilotAgents/customEngineAgents/0/disclaimer/text must NOT have more than 500 characters']);
    const notBot = { ...manifest, copilotAgents: { customEngineAgents: [{ ...agent, type: 'declarative' }] } };
    expect(validateTeamsManifest(notBot)).toEqual(['/copilotAgents/customEngineAgents/0/type must be equal to one of the allowed values']);
    const channelOnlyBot = { ...manifest, bots: [{ ...manifest.bots[0]!, scopes: ['team', 'copilot'] }] };
    expect(customEngineAgentProblems(channelOnlyBot)).toEqual([`customEngineAgents ${BOT_APP_ID}: its bot needs personal scope`]);
    const otherId = { ...manifest, copilotAgents: { customEngineAgents: [{ ...agent, id: '00000000-0000-4000-8000-000000000000' }] } };
    expect(customEngineAgentProblems(otherId)).toEqual(['customEngineAgents 00000000-0000-4000-8000-000000000000 names no bot of the bots node']);
  });
});
