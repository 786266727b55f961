let preloading: Promise<unknown> | undefined;

/**
 * The rest of shared-ui (list editor, forms, pickers, e-mail) is left out of a light first screen
 * such as the dashboard (issue 16). Once that screen has painted, this fetches it while the user
 * reads, so the first visit to another area loads only that area's own code. It goes through the
 * share scope, so the shell's copy is the one fetched, whichever app asks.
 */
export function preloadSharedUi(): void {
  if (preloading) return;
  const start = () => {
    // A failed fetch (offline) is left for the screen that needs shared-ui to report.
    preloading = import('shared-ui').catch(() => {
      preloading = undefined;
    });
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2_000 });
  else setTimeout(start, 200);
}
