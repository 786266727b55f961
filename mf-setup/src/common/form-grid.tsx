// The editors' field layout lives in shared-ui (the parties' editor in Accounts uses it too).
export { FormGrid, Wide } from 'shared-ui';
