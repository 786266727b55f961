// @vitest-environment happy-dom
import '../../../shared-ui/src/testing/dom.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Permissions } from 'api/contracts/permissions';
import { queryClient, startupKeys, type EditorContext } from 'shared-ui';
import { UnitActions, type UnitEditorRecord } from './unit-editor.js';

const record = { door: '101', entity: 'OWNSMITH', entityname: 'J Smith', _allowchangeowner: true } as unknown as UnitEditorRecord;

function renderActions(permissions: Permissions) {
  queryClient.setQueryData(startupKeys.user, { id: 'CLERK', permissions });
  const ctx = { record, isNew: false, close: () => {} } as unknown as EditorContext<UnitEditorRecord>;
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <UnitActions {...ctx} />
      </QueryClientProvider>
    </FluentProvider>,
  );
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { charge: button('Add Charge'), update: button('Update Charges'), undo: button('Undo Charges') };
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('unit editor actions (issue 17: an action whose route needs another flag is disabled with the reason)', () => {
  it('offers every action to a user whose flags reach their routes', () => {
    const b = renderActions({ p_accounting: true, p_entities: true, p_entry_charges: true, p_entry_disbursement: true });
    expect([b.charge.disabled, b.update.disabled, b.undo.disabled]).toEqual([false, false, false]);
  });

  it('disables Add Charge without p_entry_charges and the fee update and undo without p_entry_disbursement, saying why', () => {
    const b = renderActions({ p_accounting: true, p_entities: true });
    expect([b.charge.disabled, b.update.disabled, b.undo.disabled]).toEqual([true, true, true]);
    expect(document.body.textContent).toContain('Adding a charge needs the Charges permission');
    expect(document.body.textContent).toContain('Updating unit charges needs the Disbursements permission');
  });

  it('keeps Add Charge for a charges clerk while the fee update stays refused', () => {
    const b = renderActions({ p_accounting: true, p_entities: true, p_entry_charges: true });
    expect([b.charge.disabled, b.update.disabled, b.undo.disabled]).toEqual([false, true, true]);
  });
});
