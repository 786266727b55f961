import { useState } from 'react';
import { Body1, Button, Card, CardHeader, MessageBar, MessageBarBody, MessageBarTitle, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { CHARGES_UPDATE_TITLES, ChargesUpdateDialog, queryClient, useControl, type ChargesUpdateMode } from 'shared-ui';
import { chargesUpdateOutcome, type ChargesUpdateOutcome } from './rules.js';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '900px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * Update Property Charges (spec 2 §2 'Units'): UPDATE NOW raises every active unit's monthly
 * fees as pending charges (PUT /api/unit/applyfees); Undo Charges cancels the month's unpaid
 * ones (DELETE /api/rental/deletecharges). Each asks for an optional date first.
 */
export default function ChargeUpdateScreen() {
  const styles = useStyles();
  const control = useControl().data;
  const [open, setOpen] = useState<ChargesUpdateMode | null>(null);
  const [last, setLast] = useState<(ChargesUpdateOutcome & { mode: ChargesUpdateMode }) | null>(null);
  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle2 as="h2">Update Property Charges</Subtitle2>} description={control ? <Text size={200}>Current month {control.month_year_startcase}</Text> : undefined} />
      <Body1>
        Raises the monthly unit fees as pending charges payable by each unit&apos;s owner: the unit&apos;s own Unit Fees plus the default fees of
        its unit class. Units already charged for the month are skipped, so running it again adds nothing. Charges are also applied automatically
        at the start of each day.
      </Body1>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowSyncRegular />} onClick={() => setOpen('update')}>
          UPDATE NOW
        </Button>
        <Button icon={<ArrowUndoRegular />} onClick={() => setOpen('undo')}>
          {CHARGES_UPDATE_TITLES.undo}
        </Button>
      </div>
      {last ? (
        <MessageBar intent={last.intent} data-testid="charges-update-result" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{CHARGES_UPDATE_TITLES[last.mode]}</MessageBarTitle>
            {last.message}
            {last.refs.length ? <div>Charges {last.mode === 'update' ? 'raised' : 'cancelled'}: {last.refs.join(', ')}</div> : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {open ? (
        <ChargesUpdateDialog
          mode={open}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            setLast({ mode: open, ...chargesUpdateOutcome(open, result) });
            // Pending charges changed: lists and balances read them again when next shown.
            void queryClient.invalidateQueries({ queryKey: ['list'] });
          }}
        />
      ) : null}
    </Card>
  );
}
