import { describe, expect, it } from 'vitest';
import { type LighthouseScore, medianScores } from './audits.js';

const run = (page: string, performance: number, tbt: number): LighthouseScore => ({
  page,
  preset: 'mobile',
  performance,
  accessibility: 100,
  lcp: 2400,
  tbt,
  cls: 0,
  benchmarkIndex: 2500,
});

describe('medianScores', () => {
  it("takes each page's median run whole, and lists every run's score in order", () => {
    const medians = medianScores([
      [run('site', 94, 176), run('grafico', 94, 180)],
      [run('site', 89, 305), run('grafico', 89, 294)],
      [run('site', 91, 267), run('grafico', 91, 236)],
    ]);
    expect(medians).toEqual([
      { ...run('site', 91, 267), runs: [94, 89, 91] },
      { ...run('grafico', 91, 236), runs: [94, 89, 91] },
    ]);
  });

  it('of an even count takes the lower middle run, and of one run that run', () => {
    expect(medianScores([[run('site', 95, 100)], [run('site', 88, 400)]])[0]).toMatchObject({
      performance: 88,
      tbt: 400,
      runs: [95, 88],
    });
    expect(medianScores([[run('site', 93, 150)]])).toEqual([
      { ...run('site', 93, 150), runs: [93] },
    ]);
  });
});
