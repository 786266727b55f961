import { describe, expect, it } from 'vitest';
import { KEEP_PREVIOUS, deploy, rollback } from './deployments.mjs';

const v = (version) => ({ version, url: `/remotes/mf-reports/v/${version}/remoteEntry.js`, sharedUi: '1.1.22' });

describe('the deployment file', () => {
  it('makes a deployed version current and keeps the one it replaced for rollback', () => {
    let { state, changed } = deploy({ remotes: {} }, 'mf_reports', v('1.0.0-aaa'));
    expect(changed).toBe(true);
    ({ state } = deploy(state, 'mf_reports', v('1.0.0-bbb')));
    expect(state.remotes.mf_reports).toEqual({ ...v('1.0.0-bbb'), previous: [v('1.0.0-aaa')] });
  });

  it('leaves the other remotes alone', () => {
    const start = { remotes: { mf_setup: { ...v('9-x'), previous: [] } } };
    const { state } = deploy(start, 'mf_reports', v('1.0.0-aaa'));
    expect(state.remotes.mf_setup).toBe(start.remotes.mf_setup);
    expect(start.remotes.mf_reports).toBeUndefined();
  });

  it('deploying the current version again changes nothing', () => {
    const { state } = deploy({ remotes: {} }, 'mf_reports', v('1.0.0-aaa'));
    const again = deploy(state, 'mf_reports', v('1.0.0-aaa'));
    expect(again.changed).toBe(false);
    expect(again.state.remotes.mf_reports.previous).toEqual([]);
  });

  it('rolls back to the version before, then to the built-in build', () => {
    let { state } = deploy({ remotes: {} }, 'mf_reports', v('1.0.0-aaa'));
    ({ state } = deploy(state, 'mf_reports', v('1.0.0-bbb')));
    let result = rollback(state, 'mf_reports');
    expect([result.from, result.to]).toEqual(['1.0.0-bbb', '1.0.0-aaa']);
    expect(result.state.remotes.mf_reports).toEqual({ ...v('1.0.0-aaa'), previous: [] });
    result = rollback(result.state, 'mf_reports');
    expect(result.to).toBeNull();
    expect(result.state.remotes.mf_reports).toBeUndefined();
    expect(() => rollback(result.state, 'mf_reports')).toThrow(/built-in build/);
  });

  it(`keeps at most ${KEEP_PREVIOUS} earlier versions`, () => {
    let state = { remotes: {} };
    for (let i = 0; i < KEEP_PREVIOUS + 5; i++) ({ state } = deploy(state, 'mf_reports', v(`1.0.${i}`)));
    expect(state.remotes.mf_reports.previous).toHaveLength(KEEP_PREVIOUS);
    expect(state.remotes.mf_reports.previous.at(-1).version).toBe(`1.0.${KEEP_PREVIOUS + 3}`);
  });
});
