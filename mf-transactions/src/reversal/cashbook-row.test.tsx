// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { PostedNote } from './cashbook-row.js';
import { postedNotice } from './rules.js';

const show = (reversed: boolean) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <PostedNote kind="Payment" record={{ reversed, reversal_ref: reversed ? 'R12' : null }} printLabel={null} onPrint={() => {}} />
    </FluentProvider>,
  );

afterEach(cleanup);

describe('a posted receipt or payment in its editor (issue 17)', () => {
  it('says it is never edited, only reversed, where the spec would offer Save or Delete', () => {
    show(false);
    expect(screen.getByText(postedNotice('Payment'))).toBeTruthy();
  });

  it('once reversed, names its reversal instead', () => {
    show(true);
    expect(screen.getByText('Reversed by R12')).toBeTruthy();
    expect(screen.queryByText(postedNotice('Payment'))).toBeNull();
  });
});
