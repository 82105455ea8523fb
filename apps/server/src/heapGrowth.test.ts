import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./heapGrowth.ts', import.meta.url).href;

/**
 * The largest heap V8 commits in a fresh process, after `applyHeapGrowth(percent)`,
 * that keeps 300,000 objects alive while it makes 6 million more, each kept
 * until 200,000 newer ones have been made (so they die old, as a server's
 * parsed readings and answers do).
 */
function committedHeapMb(percent: number): number {
  const script = `
    import { getHeapStatistics } from 'node:v8';
    import { applyHeapGrowth } from ${JSON.stringify(moduleUrl)};
    applyHeapGrowth(${percent});
    const live = Array.from({ length: 300_000 }, (_, i) => ({ i, text: 'leitura ' + i, list: [i] }));
    const recent = new Array(200_000);
    let max = 0;
    for (let round = 0; round < 300; round++) {
      for (let i = 0; i < 20_000; i++) recent[(round * 20_000 + i) % recent.length] = { i, list: [i, round] };
      max = Math.max(max, getHeapStatistics().total_heap_size);
    }
    console.log(Math.round(max / 1048576), live.length);
  `;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' },
  );
  return Number(out.split(' ')[0]);
}

describe('applyHeapGrowth', () => {
  it('keeps the heap closer to what lives than V8 does by itself', () => {
    const own = committedHeapMb(0);
    const bounded = committedHeapMb(25);
    expect(bounded).toBeLessThan(own * 0.7);
  });
});
