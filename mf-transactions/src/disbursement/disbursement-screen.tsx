import { ScreenNotAvailable } from 'shared-ui';

/** Placeholder until this screen lands. */
export default function Screen() {
  return <ScreenNotAvailable title="Disbursements" />;
}
