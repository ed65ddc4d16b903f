// `datathread memory`: an operator adds, lists and forgets remembered corrections. A workspace
// memory added here is active at once and `datathread ask` turns see it (in the system prompt the
// scripted model receives); a channel memory of a Slack channel is not seen by the terminal; the
// same content check as in chat refuses secrets; bad options are usage errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { captureOutput, createE2eWorkspace, type E2eWorkspace } from '../support/e2e-workspace.js';

let workspace: E2eWorkspace;

beforeAll(async () => {
  workspace = await createE2eWorkspace({ prefix: 'memory-command', duckdb: ['CREATE TABLE sales (region VARCHAR, amount INTEGER)'] });
});

afterAll(async () => {
  await workspace.close();
});

async function run(argv: string[]): Promise<{ code: number; text: string; errors: string }> {
  const captured = captureOutput();
  const errors = captureOutput();
  const code = await runCli(argv, { variables: workspace.variables, output: captured.output, errors: errors.output });
  return { code, text: captured.text(), errors: errors.text() };
}

function idIn(text: string): string {
  return /memory_[A-Za-z0-9]+/.exec(text)![0];
}

describe('datathread memory', () => {
  it('adds a workspace memory that ask turns see at once, lists it with its use, and forgets it', async () => {
    const added = await run(['memory', 'add', 'Revenue means net of refunds.', '--database', 'shop']);
    expect(added.code).toBe(0);
    const workspaceId = idIn(added.text);
    expect(added.text).toBe(`Remembered ${workspaceId} (workspace, shop): Revenue means net of refunds.\n`);
    const channel = await run(['memory', 'add', 'Channel C9 counts trial users.', '--scope', 'channel:C9']);
    expect(channel.code).toBe(0);

    workspace.fakeModel.enqueue({ text: 'Net revenue was 0.' });
    const before = workspace.fakeModel.requests.length;
    expect((await run(['ask', 'what was revenue?'])).code).toBe(0);
    const system = String(workspace.fakeModel.requests[before]!.messages.find((message) => message.role === 'system')?.content);
    expect(system).toContain(`- Revenue means net of refunds. (${workspaceId}; workspace, shop)`);
    expect(system).not.toContain('Channel C9 counts trial users.');

    const listed = await run(['memory', 'list']);
    const lines = listed.text.trim().split('\n');
    expect(lines[0]).toBe('id\tscope\tstatus\tdatabase\tuses\tproposed by\ttext');
    expect(lines).toContain(`${workspaceId}\tworkspace\tactive\tshop\tused 1×\tcli\tRevenue means net of refunds.`);
    expect(lines.some((line) => line.includes('channel:C9\tactive\t-\tused 0×'))).toBe(true);

    expect(await run(['memory', 'forget', workspaceId])).toMatchObject({ code: 0, text: `Forgotten ${workspaceId}: Revenue means net of refunds.\n` });
    expect(await run(['memory', 'forget', workspaceId])).toMatchObject({ code: 1, text: `No active or pending memory ${workspaceId}.\n` });
    expect((await run(['memory', 'list'])).text).not.toContain('Revenue means net of refunds.');
  });

  it('refuses a secret with the reason, and bad options as usage errors', async () => {
    const prose = await run(['memory', 'add', 'Use the password hunter2 for the reader account.']);
    expect(prose.code).toBe(1);
    expect(prose.text).toMatch(/^Not remembered: It looks like it holds a secret/);
    const secret = await run(['memory', 'add', 'The warehouse password is hunter2!']);
    expect(secret.code).toBe(1);
    expect(secret.text).toMatch(/^Not remembered: It looks like it holds a secret/);
    const badScope = await run(['memory', 'add', 'Rule.', '--scope', 'team']);
    expect(badScope.code).toBe(2);
    expect(badScope.errors).toContain('--scope takes "workspace" or "channel:ID"');
    const badDatabase = await run(['memory', 'add', 'Rule.', '--database', 'nope']);
    expect(badDatabase.code).toBe(2);
    expect(badDatabase.errors).toContain('--database nope: no database of that name is configured (shop).');
  });
});
