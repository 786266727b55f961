let asked = false;

/**
 * The rest of shared-ui (list editor, forms, pickers, e-mail) is left out of a light first screen
 * such as the dashboard (issue 16). Once that screen has painted, this fetches it while the user
 * reads, so the first visit to another area loads only that area's own code. It goes through the
 * share scope, so the shell's copy is the one fetched, whichever app asks.
 */
export function preloadSharedUi(): void {
  if (asked) return;
  asked = true;
  const start = () => {
    // A failed fetch (offline) is left for the screen that needs shared-ui to report; a later call tries again.
    import('shared-ui').catch(() => {
      asked = false;
    });
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2_000 });
  else setTimeout(start, 200);
}
