export { balancesBarText, balancesBarTone, type BalancesBarFigures, type BalancesBarTone } from './rules.js';
export { BalancesBar, EntityBalancesBar, useEntityBalance } from './BalancesBar.js';
