import type { ReactElement } from 'react';
import { Tooltip } from '@fluentui/react-components';

/**
 * An action the user may not take here, shown disabled with the reason as its description (a
 * disabled button gets no pointer events, so the tooltip sits on a span around it). The button
 * sets its own `disabled`; without a reason it is shown as it is.
 */
export const withReason = (reason: string | null, button: ReactElement): ReactElement =>
  reason ? (
    <Tooltip content={reason} relationship="description">
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
