// @vitest-environment happy-dom
import '../testing/dom.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { capPercent, failedProgress, nextProgress, progressColour } from './rules.js';
import { useProgress } from './useProgress.js';

describe('progress rules', () => {
  it('caps percent at 100 and floors at 0', () => {
    expect(capPercent(140)).toBe(100);
    expect(capPercent(-3)).toBe(0);
    expect(capPercent('42.5')).toBe(42.5);
    expect(capPercent('x')).toBe(0);
  });
  it('is red to 50, orange to 80, green above', () => {
    expect(progressColour(0)).toBe('red');
    expect(progressColour(50)).toBe('red');
    expect(progressColour(50.1)).toBe('orange');
    expect(progressColour(80)).toBe('orange');
    expect(progressColour(81)).toBe('green');
  });
  it('ends at 100 or on failure', () => {
    const start = { id: 'a', percent: 0, message: '', active: true };
    expect(nextProgress(start, { percent: 120, message: 'Done' })).toEqual({ id: 'a', percent: 100, message: 'Done', active: false });
    expect(nextProgress(start, { percent: 30 }).active).toBe(true);
    expect(failedProgress(start)).toEqual({ id: 'a', percent: 100, message: '', active: false });
  });
  it("carries the finished operation's result or error", () => {
    const start = { id: 'a', percent: 50, message: '', active: true };
    expect(nextProgress(start, { percent: 100, result: { filename: 'x.aba' }, error: null })).toMatchObject({ active: false, result: { filename: 'x.aba' } });
    expect(nextProgress(start, { percent: 100, error: { status: 409, message: 'Refused' } }).error).toEqual({ status: 409, message: 'Refused' });
    expect(nextProgress(start, { percent: 100, error: 'garbled' }).error).toBeUndefined();
  });
});

describe('useProgress', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 500 ms until 100, then auto-closes after 1 s and calls back', async () => {
    vi.useFakeTimers();
    const answers = [40, 90, 130];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { percent: answers.shift(), message: 'Working' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onComplete = vi.fn();
    const { result } = renderHook(() => useProgress('job1', { autoClose: true, onComplete }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.percent).toBe(40);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.percent).toBe(90);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toMatchObject({ percent: 100, active: false, visible: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onComplete).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.visible).toBe(false);
    expect(onComplete).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('on a polling failure logs, sets 100 and inactive', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useProgress('job2'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toMatchObject({ percent: 100, active: false });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
