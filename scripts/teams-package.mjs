#!/usr/bin/env node
// Builds the Teams app package to upload (dist/teams-app.zip): manifests/teams/manifest.json with
// its ${{NAME}} placeholders replaced from the environment, plus the two icons, at the zip root.
// The zip is written by hand (deflate from node:zlib, CRC-32, the PKWARE layout) so packaging
// needs no extra dependency.
//
//   clientId=<bot app id> BOT_DOMAIN=bot.example.com npm run teams:package
//   clientId=<bot app id> BOT_DOMAIN=bot.example.com npm run teams:package -- --copilot
//
// --copilot also declares the bot as a custom engine agent of Microsoft 365 Copilot (public
// preview): `copilotAgents.customEngineAgents` naming the bot (type "bot", its id the bot's id, which
// must have personal scope) and "copilot" among the bot's scopes. Manifest 1.22 has both (the
// customEngineAgents node since 1.20, the "copilot" scope since 1.21, the disclaimer since 1.22), so
// the manifest version stays; Microsoft's app-manifest reference "copilotAgents" and the Teams
// guide "Add support for Microsoft 365 Copilot Chat" describe the node. docs/copilot.md says what
// differs from Teams there.
//
// Placeholders: clientId (or MicrosoftAppId), BOT_DOMAIN (host of the messaging endpoint, no
// scheme), TEAMS_APP_ID (defaults to clientId), TEAMS_APP_VERSION (defaults to package.json's
// version), TEAMS_DEVELOPER_NAME (defaults to "datathread"), PRIVACY_URL and TERMS_URL (default
// https://BOT_DOMAIN/privacy and /terms, which datathread serves). Options: --out <file>.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifestDirectory = join(root, 'manifests', 'teams');
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(message) {
  process.stderr.write(`teams:package: ${message}\n`);
  process.exit(1);
}

function placeholderValues(environment) {
  const packageVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const clientId = environment.clientId ?? environment.MicrosoftAppId;
  const values = {
    clientId,
    BOT_DOMAIN: environment.BOT_DOMAIN,
    TEAMS_APP_ID: environment.TEAMS_APP_ID ?? clientId,
    TEAMS_APP_VERSION: environment.TEAMS_APP_VERSION ?? packageVersion,
    TEAMS_DEVELOPER_NAME: environment.TEAMS_DEVELOPER_NAME ?? 'datathread',
    // datathread serves both pages itself (src/server/policy-pages.ts); an organisation's own policy can replace them.
    PRIVACY_URL: environment.PRIVACY_URL ?? `https://${environment.BOT_DOMAIN}/privacy`,
    TERMS_URL: environment.TERMS_URL ?? `https://${environment.BOT_DOMAIN}/terms`,
  };
  if (!clientId) fail('set clientId to the Microsoft App ID of your Azure Bot (see docs/teams.md).');
  if (!GUID.test(clientId)) fail(`clientId must be a GUID (the Azure Bot's Microsoft App ID); got "${clientId}".`);
  if (!GUID.test(values.TEAMS_APP_ID)) fail(`TEAMS_APP_ID must be a GUID; got "${values.TEAMS_APP_ID}".`);
  if (!values.BOT_DOMAIN) fail('set BOT_DOMAIN to the host name of your messaging endpoint, e.g. datathread.example.com.');
  if (/[/:]/.test(values.BOT_DOMAIN)) fail(`BOT_DOMAIN is a host name only (no https://, no path); got "${values.BOT_DOMAIN}".`);
  for (const name of ['PRIVACY_URL', 'TERMS_URL']) {
    if (!/^https:\/\/[^\s/]+/.test(values[name])) fail(`${name} must be an https:// URL (Teams refuses others); got "${values[name]}".`);
  }
  return values;
}

export function fillManifest(template, values) {
  const filled = template.replace(/\$\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (match, name) => {
    if (values[name] === undefined) fail(`manifest placeholder ${match} has no value; set ${name}.`);
    return values[name];
  });
  JSON.parse(filled);
  return filled;
}

/** Shown by Microsoft 365 Copilot before someone first uses the agent (the schema allows 500 characters). */
export const COPILOT_DISCLAIMER =
  'datathread answers from your company\'s databases with read-only SQL written by an AI model. Check the SQL (Show SQL) before relying on a number; results can be wrong or incomplete.';

/** The filled manifest with the bot also offered as a Microsoft 365 Copilot custom engine agent. */
export function withCopilotAgent(manifest) {
  const [bot, ...otherBots] = manifest.bots ?? [];
  if (!bot) fail('the manifest has no bot to offer in Microsoft 365 Copilot.');
  // Microsoft 365 Copilot talks to the bot one to one: the agent's bot must have personal scope.
  const scopes = [...new Set([...(bot.scopes ?? []), 'personal', 'copilot'])];
  return {
    ...manifest,
    bots: [{ ...bot, scopes }, ...otherBots],
    copilotAgents: { customEngineAgents: [{ id: bot.botId, type: 'bot', disclaimer: { text: COPILOT_DISCLAIMER } }] },
  };
}

// CRC-32 (IEEE), table-driven; node:zlib only gained crc32 in later Node releases.
const CRC_TABLE = Array.from({ length: 256 }, (_unused, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

export function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip (deflate, no directories) of `files`: [{ name, data: Buffer }]. */
export function createZip(files, modified = new Date(2026, 0, 1)) {
  const dosTime = (modified.getHours() << 11) | (modified.getMinutes() << 5) | Math.floor(modified.getSeconds() / 2);
  const dosDate = ((modified.getFullYear() - 1980) << 9) | ((modified.getMonth() + 1) << 5) | modified.getDate();
  const localParts = [];
  const centralParts = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const compressed = deflateRawSync(file.data, { level: 9 });
    const checksum = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    localParts.push(local, name, compressed);
    centralParts.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralDirectory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, centralDirectory, end]);
}

function main() {
  const outIndex = process.argv.indexOf('--out');
  const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'dist', 'teams-app.zip'));
  const template = readFileSync(join(manifestDirectory, 'manifest.json'), 'utf8');
  const filled = fillManifest(template, placeholderValues(process.env));
  const copilot = process.argv.includes('--copilot');
  const manifest = copilot ? `${JSON.stringify(withCopilotAgent(JSON.parse(filled)), null, 2)}\n` : filled;
  const parsed = JSON.parse(manifest);
  const files = [
    { name: 'manifest.json', data: Buffer.from(manifest, 'utf8') },
    { name: parsed.icons.color, data: readFileSync(join(manifestDirectory, parsed.icons.color)) },
    { name: parsed.icons.outline, data: readFileSync(join(manifestDirectory, parsed.icons.outline)) },
  ];
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, createZip(files));
  const offered = copilot ? ', with the Microsoft 365 Copilot custom engine agent' : '';
  process.stdout.write(`teams:package: wrote ${out} (${files.map((file) => file.name).join(', ')})${offered}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
