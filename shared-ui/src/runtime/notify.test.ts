import { describe, expect, it } from 'vitest';
import { notify, setNoticeSink } from './notify.js';

describe('notify bridge', () => {
  it('holds notices until a sink registers, then delivers them with the default timeout', () => {
    notify({ title: 'Early', intent: 'info' });
    const seen: unknown[] = [];
    const off = setNoticeSink((n) => seen.push(n));
    notify({ title: 'Later', intent: 'warning', timeout: 1000 });
    off();
    notify({ title: 'After unregister', intent: 'error' });
    expect(seen).toEqual([
      { title: 'Early', intent: 'info', timeout: 4000 },
      { title: 'Later', intent: 'warning', timeout: 1000 },
    ]);
  });
});
