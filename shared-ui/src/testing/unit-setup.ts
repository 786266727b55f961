import { configure } from '@testing-library/dom';

/**
 * Set-up of the unit project: the component tests run beside the API suites and the front-end
 * build (npm test), so a screen may take more than testing-library's default second to show
 * what it loads. Two CI runs failed on a 5 s wait whose screen was right, with four test processes
 * on two cores; waiting up to fifteen still fails a screen that never shows it.
 */
configure({ asyncUtilTimeout: 15_000 });
