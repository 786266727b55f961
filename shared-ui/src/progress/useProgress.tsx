import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Field, ProgressBar as FluentProgressBar, Text, tokens } from '@fluentui/react-components';
import { api } from 'shared-ui/core';
import { capPercent, failedProgress, nextProgress, PROGRESS_AUTOCLOSE_MS, PROGRESS_POLL_MS, progressColour, type ProgressAnswer, type ProgressState } from './rules.js';

export interface UseProgressOptions {
  /** Hide the bar 1 s after it reaches 100 %. */
  autoClose?: boolean;
  /** Runs once when the job reaches 100 % (after the auto-close delay when autoClose is set). */
  onComplete?: (state: ProgressState) => void;
  /** Where the job's progress is read: the support console's own jobs are under /api/progress/support/. */
  base?: string;
}

export interface ProgressHandle extends ProgressState {
  /** False once auto-closed. */
  visible: boolean;
}

/**
 * Polls GET /api/progress/{id} every 500 ms until it reports 100 %; the final state carries the
 * operation's result or error. A null id polls nothing.
 */
export function useProgress(id: string | null, options: UseProgressOptions = {}): ProgressHandle {
  const [state, setState] = useState<ProgressState>({ id, percent: 0, message: '', active: id !== null });
  const [visible, setVisible] = useState(id !== null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: ProgressState = { id, percent: 0, message: '', active: true };
    setState(current);
    setVisible(true);

    const finish = () => {
      const done = () => {
        if (stopped) return;
        if (optionsRef.current.autoClose) setVisible(false);
        optionsRef.current.onComplete?.(current);
      };
      if (optionsRef.current.autoClose) timer = setTimeout(done, PROGRESS_AUTOCLOSE_MS);
      else done();
    };
    const poll = async () => {
      try {
        const answer = await api.get<{ data: ProgressAnswer }>(`${optionsRef.current.base ?? '/api/progress/'}${encodeURIComponent(id)}`, { quiet: true });
        current = nextProgress(current, answer.data ?? {});
      } catch (e) {
        console.error('Progress polling failed', e);
        current = failedProgress(current);
      }
      if (stopped) return;
      setState(current);
      if (current.percent >= 100 || !current.active) finish();
      else timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  return { ...state, visible };
}

const COLOURS = {
  red: tokens.colorPaletteRedBackground3,
  orange: tokens.colorPaletteDarkOrangeBackground3,
  green: tokens.colorPaletteGreenBackground3,
};

/** The progress bar view: red to 50 %, orange to 80 %, green above, with the job's message. */
export function ProgressBar({ percent, message, label = 'Progress' }: { percent: number; message?: string; label?: string }): ReactElement {
  const capped = capPercent(percent);
  const colour = progressColour(capped);
  return (
    <Field label={label} hint={message} data-testid="progress">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <FluentProgressBar
          value={capped / 100}
          thickness="large"
          aria-valuetext={`${Math.round(capped)}%`}
          data-colour={colour}
          bar={{ style: { backgroundColor: COLOURS[colour] } }}
          style={{ flex: 1 }}
        />
        <Text size={200}>{Math.round(capped)}%</Text>
      </div>
    </Field>
  );
}
