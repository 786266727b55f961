import { describe, expect, it } from 'vitest';
import { processCount } from './cluster.js';
import { readConfig } from './config.js';

describe('WEB_CONCURRENCY', () => {
  it('is the number of API processes on PostgreSQL, a whole number from 1 to 64', () => {
    const pg = { DATABASE_URL: 'postgres://db.example/oa' };
    expect(processCount(readConfig({ ...pg, WEB_CONCURRENCY: '4' }))).toBe(4);
    expect(processCount(readConfig({ ...pg, WEB_CONCURRENCY: '500' }))).toBe(64);
    for (const odd of [undefined, '', '0', '-2', '2.5', 'auto']) expect(processCount(readConfig({ ...pg, WEB_CONCURRENCY: odd }))).toBe(1);
  });

  it('is one process on PGlite, and says why', () => {
    const said: string[] = [];
    expect(processCount(readConfig({ WEB_CONCURRENCY: '4' }), (line) => said.push(line))).toBe(1);
    expect(said).toEqual([expect.stringMatching(/WEB_CONCURRENCY=4 ignored: .*PGlite.*DATABASE_URL/)]);
    expect(processCount(readConfig({}), (line) => said.push(line))).toBe(1);
    expect(said).toHaveLength(1);
  });
});
