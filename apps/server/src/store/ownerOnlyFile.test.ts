import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerOnlyDatabase, ownerOnlyFile } from './ownerOnlyFile.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('database files readable by their owner only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-modo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a missing file empty with mode 0600', () => {
    const file = join(dir, 'novo.db');
    ownerOnlyFile(file);
    expect(statSync(file).size).toBe(0);
    expect(modeOf(file)).toBe(0o600);
  });

  it('closes a database and its WAL files left world-readable, creating no companion', () => {
    const file = join(dir, 'antigo.db');
    writeFileSync(file, 'x', { mode: 0o644 });
    writeFileSync(`${file}-wal`, 'x', { mode: 0o644 });
    ownerOnlyDatabase(file);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(existsSync(`${file}-shm`)).toBe(false);
  });
});
