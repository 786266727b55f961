import { afterEach } from 'vitest';
import { configure } from '@testing-library/dom';
import { setNoticeSink } from 'shared-ui/core';

/**
 * Set-up of the unit project: the component tests run beside the API suites and the front-end
 * build (npm test), so a screen may take more than testing-library's default second to show
 * what it loads. Two CI runs failed on a 5 s wait whose screen was right, with four test processes
 * on two cores; waiting up to fifteen still fails a screen that never shows it.
 *
 * Role queries also see elements marked aria-hidden: under happy-dom, Fluent's focus trap (tabster)
 * marks an open dialog's own surface aria-hidden at a moment that depends on timers, so a query
 * for a button inside the dialog passed or failed by the machine's load (three CI failures).
 * What is hidden from users is asserted in the browser (Playwright), where the trap is right.
 */
configure({ asyncUtilTimeout: 15_000, defaultHidden: true });

// The files share one module cache (isolate: false): toasts a test raised with no Toaster to show
// them would otherwise wait for the next file's notice sink and be delivered to its test.
afterEach(() => setNoticeSink(() => {})());
