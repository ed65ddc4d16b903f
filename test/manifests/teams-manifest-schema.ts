// Validates a Teams app manifest against Microsoft's own JSON schema for its manifestVersion, as
// bundled in npm `@microsoft/app-manifest` (the schema the Developer Portal and the Teams Toolkit
// use). The package's own validator needs fs-extra, which it does not declare, so ajv runs the
// schema here: the schemas are JSON Schema draft-04, with uri/email/regex formats.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schemaFolder = join(dirname(require.resolve('@microsoft/app-manifest/package.json')), 'build', 'json-schemas', 'teams');

export function teamsManifestSchemaPath(manifestVersion: string): string {
  return join(schemaFolder, `v${manifestVersion}`, 'MicrosoftTeams.schema.json');
}

/** Problems as `/json/pointer message` lines; empty when the manifest is valid. */
export function validateTeamsManifest(manifest: { manifestVersion: string }): string[] {
  const schema = JSON.parse(readFileSync(teamsManifestSchemaPath(manifest.manifestVersion), 'utf8')) as object;
  // Both are CommonJS modules whose class/function is also their `default` member.
  const ajv = new ajvDraft04.default({ allErrors: true, strictTypes: false, strict: false });
  ajvFormats.default(ajv, ['uri', 'email', 'regex']);
  const validate = ajv.compile(schema);
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}
