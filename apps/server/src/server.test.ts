import { describe, expect, it } from 'vitest';
import { startServerProcess } from './test/serverProcess.js';

describe('server process: configuration', () => {
  it('a bad variable stops the start with a clear message and a non-zero exit', async () => {
    const error = await startServerProcess({ PORT: 'oito', VIGIA_DEMO: 'talvez' }, 30_000).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/código 2/);
    expect(error?.message).toContain('PORT');
    expect(error?.message).toContain('VIGIA_DEMO');
  });
});
