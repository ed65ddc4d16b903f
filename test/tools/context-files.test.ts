// read / list / search / grep over a real folder: their renderings (exact strings), their limits,
// and every way out of the folder refused with the "Access denied" wording.
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grepContextFiles, renderGrepFilesOutput } from '../../src/tools/grep-files.js';
import { listContextDirectory, renderListFilesOutput } from '../../src/tools/list-files.js';
import { READ_MAX_CHARACTERS, readContextFile, renderReadFileOutput } from '../../src/tools/read-file.js';
import { renderSearchFilesOutput, searchContextFiles } from '../../src/tools/search-files.js';
import { createContextFixture, linkOutside, type ContextFixture } from '../context-files/context-folder-fixture.js';

let fixture: ContextFixture;

beforeEach(async () => {
  fixture = await createContextFixture({
    'README.md': '# Acme analytics\nRevenue is net of refunds.\n',
    'metrics/revenue.md': 'Revenue = gross - refunds\nReported in EUR\n',
    'metrics/churn.md': 'Churn: customers lost / customers at start\n',
    'queries/top-customers.sql': 'SELECT customer, SUM(amount) FROM orders GROUP BY 1\n',
    'drafts/unfinished.md': 'Revenue draft, do not use\n',
    'hr/salaries.secret.md': 'Revenue per head: confidential\n',
    '.datathreadignore': 'drafts/\n*.secret.md\n',
  });
});

afterEach(async () => {
  await fixture.remove();
});

const read = async (file_path: string) => renderReadFileOutput(await readContextFile({ file_path }, fixture.folder));
const list = async (path: string) => renderListFilesOutput(await listContextDirectory({ path }, fixture.folder));
const search = async (pattern: string) => renderSearchFilesOutput(await searchContextFiles({ pattern }, fixture.folder));

describe('read', () => {
  it('returns the file with numbered lines', async () => {
    expect(await read('/metrics/revenue.md')).toBe('1:Revenue = gross - refunds\n2:Reported in EUR\n3:');
    expect(await read('metrics/revenue.md')).toBe(await read('/metrics/revenue.md'));
  });

  it('says when a file is empty, missing, or a directory', async () => {
    await fixture.write('empty.md', '');
    expect(await read('/empty.md')).toBe('File is empty.');
    expect(await read('/nope.md')).toBe('File not found: /nope.md');
    expect(await read('/metrics')).toBe('/metrics is a directory: use list to see what it holds.');
  });

  it(`cuts at ${READ_MAX_CHARACTERS} characters and states the remainder`, async () => {
    const line = `${'x'.repeat(99)}\n`;
    await fixture.write('big.md', line.repeat(500));
    const output = await read('/big.md');
    expect(output.startsWith('1:xxx')).toBe(true);
    expect(output).toContain('\n320:');
    expect(output).not.toContain('\n321:');
    expect(output.endsWith(`\n320:${'x'.repeat(99)}\n...(18,000 characters left: lines 1–320 of 501 shown. Use grep with path /big.md to find the part you need.)`)).toBe(true);
    await fixture.write('odd.md', 'y'.repeat(READ_MAX_CHARACTERS + 5));
    expect(await read('/odd.md')).toBe(`1:${'y'.repeat(READ_MAX_CHARACTERS)}\n...(5 characters left: lines 1–1 of 1 shown, line 1 cut short. Use grep with path /odd.md to find the part you need.)`);
  });
});

describe('list', () => {
  it('lists directories with item counts and files with sizes, hiding ignored entries', async () => {
    expect(await list('/')).toBe(
      ['Directories (3):', '- /hr/ (0 items)', '- /metrics/ (2 items)', '- /queries/ (1 item)', '', 'Files (1):', '- /README.md (44 B)'].join('\n'),
    );
    expect(await list('/metrics')).toBe(['Files (2):', '- /metrics/churn.md (43 B)', '- /metrics/revenue.md (42 B)'].join('\n'));
  });

  it('says a directory is empty, and that a file is not a directory', async () => {
    expect(await list('/hr')).toBe('Directory is empty.');
    expect(await list('/README.md')).toBe('/README.md is a file, not a directory: use read to open it.');
  });
});

describe('search', () => {
  it('finds files by glob at any depth, leaving out ignored ones', async () => {
    expect(await search('*.md')).toBe(['Matches (3):', '- /README.md (44 B)', '- /metrics/churn.md (43 B)', '- /metrics/revenue.md (42 B)'].join('\n'));
    expect(await search('queries/*.sql')).toBe(['Match (1):', '- /queries/top-customers.sql (52 B)'].join('\n'));
    expect(await search('*.csv')).toBe('No matches.');
  });

  it('shows at most 100 files and names the directories of the rest', async () => {
    for (let index = 0; index < 130; index += 1) await fixture.write(`many/${index < 110 ? 'a' : 'b'}/file-${String(index).padStart(3, '0')}.txt`, 'x');
    const output = await search('*.txt');
    expect(output.split('\n')[0]).toBe('Matches (130):');
    expect(output.split('\n').filter((line) => /^- \/many\/.+\.txt /.test(line)).length).toBe(100);
    expect(output).toContain('\n\n30 more not shown. More matches in:\n- /many/a\n- /many/b\nNarrow the pattern to see them.');
  });

  it('refuses absolute patterns and ..', async () => {
    expect(await search('/etc/*')).toBe('Access denied: absolute paths are not allowed in file patterns');
    expect(await search('../*.txt')).toBe("Access denied: '..' is not allowed in file patterns");
  });
});

describe('grep', () => {
  it('finds lines by regular expression, grouped by file, without ignored files', async () => {
    const output = renderGrepFilesOutput(await grepContextFiles({ pattern: 'revenue', case_insensitive: true }, fixture.folder));
    expect(output).toBe(
      ['Matches (2)', '', '/README.md (1)', '```', '2:Revenue is net of refunds.', '```', '', '/metrics/revenue.md (1)', '```', '1:Revenue = gross - refunds', '```'].join('\n'),
    );
  });

  it('honours path, glob and context lines', async () => {
    const output = renderGrepFilesOutput(await grepContextFiles({ pattern: 'EUR', path: '/metrics', glob: '*.md', context_lines: 1 }, fixture.folder));
    expect(output).toBe(['Match (1)', '', '/metrics/revenue.md (1)', '```', '1-Revenue = gross - refunds', '2:Reported in EUR', '3-', '```'].join('\n'));
    const none = renderGrepFilesOutput(await grepContextFiles({ pattern: 'SELECT', glob: '*.md' }, fixture.folder));
    expect(none).toBe('No matches found.');
  });

  it('shows at most 50 lines and lists where the rest are', async () => {
    await fixture.write('log/a.txt', 'hit\n'.repeat(45));
    await fixture.write('log/b.txt', 'hit\n'.repeat(20));
    const output = renderGrepFilesOutput(await grepContextFiles({ pattern: '^hit$' }, fixture.folder));
    expect(output.split('\n')[0]).toBe('Matches (65)');
    expect(output.split('\n').filter((line) => /^\d+:hit$/.test(line)).length).toBe(50);
    expect(output.endsWith('15 more matches not shown.\nMore matches in:\n- /log/b.txt (more lines)\nNarrow the pattern, path or glob to see them.')).toBe(true);
  });

  it('reports an invalid regular expression as something to fix', async () => {
    const output = renderGrepFilesOutput(await grepContextFiles({ pattern: 'revenue(' }, fixture.folder));
    expect(output).toMatch(/^Invalid regular expression: .*Escape special characters/);
  });
});

describe('escape attempts', () => {
  beforeEach(async () => {
    await linkOutside(fixture);
  });

  it('refuses .. above the folder in every tool', async () => {
    expect(await read('../secret.txt')).toBe("Access denied: path '../secret.txt' is outside the context folder");
    expect(await read('/metrics/../../secret.txt')).toBe("Access denied: path '/metrics/../../secret.txt' is outside the context folder");
    expect(await list('..')).toBe("Access denied: path '..' is outside the context folder");
    expect(renderGrepFilesOutput(await grepContextFiles({ pattern: 'SECRET', path: '../' }, fixture.folder))).toBe("Access denied: path '../' is outside the context folder");
  });

  it('refuses absolute host paths outside the folder, and accepts the folder\'s own absolute path', async () => {
    expect(await read(fixture.outsideFile)).toBe(`Access denied: path '${fixture.outsideFile}' is outside the context folder`);
    expect(await list('/etc')).toBe("Access denied: path '/etc' is outside the context folder");
    expect(await read(join(fixture.root, 'metrics/churn.md'))).toBe('1:Churn: customers lost / customers at start\n2:');
  });

  it('refuses symbolic links that point outside, and never lists or searches through them', async () => {
    expect(await read('/secret-link.md')).toBe("Access denied: path '/secret-link.md' is outside the context folder");
    expect(await read('/outside-link/leak.md')).toBe("Access denied: path '/outside-link/leak.md' is outside the context folder");
    expect(await list('/')).not.toContain('link');
    expect(await search('*')).not.toContain('leak');
    const grep = await grepContextFiles({ pattern: 'SECRET|leaked' }, fixture.folder);
    expect(renderGrepFilesOutput(grep)).toBe('No matches found.');
  });

  it('follows a symbolic link that stays inside the folder', async () => {
    await symlink(join(fixture.root, 'metrics'), join(fixture.root, 'kpis'));
    expect(await read('/kpis/revenue.md')).toBe('1:Revenue = gross - refunds\n2:Reported in EUR\n3:');
  });

  it('refuses files hidden by .datathreadignore, directly or through a link', async () => {
    expect(await read('/drafts/unfinished.md')).toBe("Access denied: path '/drafts/unfinished.md' is ignored by .datathreadignore");
    expect(await read('/hr/salaries.secret.md')).toBe("Access denied: path '/hr/salaries.secret.md' is ignored by .datathreadignore");
    expect(await list('/drafts')).toBe("Access denied: path '/drafts' is ignored by .datathreadignore");
    expect(await read('/.datathreadignore')).toBe("Access denied: path '/.datathreadignore' is ignored by .datathreadignore");
    await symlink(join(fixture.root, 'drafts/unfinished.md'), join(fixture.root, 'innocent.md'));
    expect(await read('/innocent.md')).toBe("Access denied: path '/innocent.md' is ignored by .datathreadignore");
  });
});
