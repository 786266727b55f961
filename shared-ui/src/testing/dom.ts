/**
 * Shared set-up for component tests under happy-dom. Import it first in a test file that
 * declares `// @vitest-environment happy-dom`.
 *
 * happy-dom rejects an animation's `finished` promise when Fluent's motion cancels the
 * animation on unmount, and (unlike browsers, which mark that promise handled) leaves it
 * unhandled, failing the run. Observing the promise before cancelling marks it handled.
 */
const animation = (globalThis as { Animation?: { prototype: { cancel(): void; finished: Promise<unknown> } } }).Animation;
if (animation) {
  const cancel = animation.prototype.cancel;
  animation.prototype.cancel = function cancelHandled(this: { finished: Promise<unknown> }) {
    this.finished.catch(() => undefined);
    cancel.call(this);
  };
}

export {};
