import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationSql, pendingMigrations, type Migration } from '../../src/store/migrations.js';

function migration(version: number): Migration {
  return { version, name: `migration ${version}`, sql: () => `-- ${version}` };
}

describe('migrations', () => {
  it('numbers the shipped migrations 1, 2, 3, ... without gaps or repeats', () => {
    expect(MIGRATIONS.map((shipped) => shipped.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('returns the missing migrations in version order', () => {
    const listed = [migration(3), migration(1), migration(2), migration(4)];
    expect(pendingMigrations([], listed).map((pending) => pending.version)).toEqual([1, 2, 3, 4]);
    expect(pendingMigrations([1, 3], listed).map((pending) => pending.version)).toEqual([2, 4]);
    expect(pendingMigrations([1, 2, 3, 4], listed)).toEqual([]);
  });

  it('uses each dialect’s binary, boolean and auto-numbered key types', () => {
    const sqlite = migrationSql(MIGRATIONS[0]!, 'sqlite');
    const postgres = migrationSql(MIGRATIONS[0]!, 'postgres');
    expect(sqlite).toContain('png BLOB NOT NULL');
    expect(sqlite).toContain('id INTEGER PRIMARY KEY AUTOINCREMENT');
    expect(postgres).toContain('png BYTEA NOT NULL');
    expect(postgres).toContain('refused BOOLEAN NOT NULL');
    expect(postgres).toContain('id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY');
    expect(postgres).not.toMatch(/\$\{|BLOB/);
  });
});
