import { useState, type ReactElement } from 'react';
import {
  Button, Field, Label, Popover, PopoverSurface, PopoverTrigger, Radio, RadioGroup, Select, Text, Textarea,
} from '@fluentui/react-components';
import { Calendar } from '@fluentui/react-calendar-compat';
import { CalendarRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { formatDate, formatMoney } from 'shared-ui/core';
import { DateInput } from './DateInput.js';
import {
  applyRangeClick, businessParty, CHARGE_PAYEE_TYPES, chargeLabel, chargeOptionEnabled, chargeValue, entityParty,
  otherParty, PARTY_TYPES, partyReady, payeeReady, PERIOD_OPTIONS, periodRange, yearPage,
  type ChargePayeeType, type ChargePayeeValue, type DateRange, type OpenCharge, type PartyEntity, type PartyType,
  type PartyUnit, type PartyValue, type PeriodOption,
} from './rules.js';

export interface RangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  min?: Date | null;
  max?: Date | null;
  label?: string;
}

/** From/To inputs plus a calendar where each click applies the range rule. */
export function RangePicker({ value, onChange, min, max, label = 'Date range' }: RangePickerProps): ReactElement {
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
      <Field label="From">
        <DateInput value={value.from} onChange={(from) => onChange({ ...value, from })} min={min} max={value.to ?? max} />
      </Field>
      <Field label="To">
        <DateInput value={value.to} onChange={(to) => onChange({ ...value, to })} min={value.from ?? min} max={max} />
      </Field>
      <Popover>
        <PopoverTrigger disableButtonEnhancement>
          <Button icon={<CalendarRegular />} aria-label={`Choose ${label.toLowerCase()}`} />
        </PopoverTrigger>
        <PopoverSurface>
          <Calendar
            value={value.from ?? undefined}
            minDate={min ?? undefined}
            maxDate={max ?? undefined}
            firstDayOfWeek={1}
            onSelectDate={(day) => onChange(applyRangeClick(value, day))}
          />
          <Text size={200}>
            {value.from ? formatDate(value.from) : '…'} to {value.to ? formatDate(value.to) : '…'}
          </Text>
        </PopoverSurface>
      </Popover>
    </div>
  );
}

export interface YearPickerProps {
  value: number;
  onChange: (year: number) => void;
  min?: number;
  max?: number;
  label?: string;
}

/** A year chosen from pages of 12 years. */
export function YearPicker({ value, onChange, min, max, label = 'Year' }: YearPickerProps): ReactElement {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState(value);
  const years = yearPage(anchor);
  return (
    <Popover open={open} onOpenChange={(_, d) => { setOpen(d.open); if (d.open) setAnchor(value); }}>
      <PopoverTrigger disableButtonEnhancement>
        <Button aria-label={`${label} ${value}`}>{value}</Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={`Choose ${label.toLowerCase()}`}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label="Previous years" onClick={() => setAnchor(anchor - 12)} />
          <Text>{years[0]} – {years[11]}</Text>
          <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label="Next years" onClick={() => setAnchor(anchor + 12)} />
        </div>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4, marginTop: 8 }}>
          {years.map((y) => (
            <Button
              key={y}
              size="small"
              appearance={y === value ? 'primary' : 'secondary'}
              disabled={(min !== undefined && y < min) || (max !== undefined && y > max)}
              onClick={() => {
                onChange(y);
                setOpen(false);
              }}
            >
              {y}
            </Button>
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}

export interface PeriodPickerProps {
  value: PeriodOption;
  onChange: (choice: { period: PeriodOption; from: Date; to: Date }) => void;
  /** Today by default; tests and reports pass the accounting date. */
  today?: Date;
  /** First month of the year for currentyear/prevyear (7 for a July financial year). */
  yearStartMonth?: number;
  label?: string;
}

export function PeriodPicker({ value, onChange, today, yearStartMonth, label = 'Period' }: PeriodPickerProps): ReactElement {
  return (
    <Field label={label}>
      <Select
        value={value}
        onChange={(_, d) => {
          const period = d.value as PeriodOption;
          onChange({ period, ...periodRange(period, today ?? new Date(), yearStartMonth) });
        }}
      >
        {PERIOD_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * A label above a selector's trigger. Not a Fluent Field: a Field's context would reach the
 * controls inside the popover and relabel them.
 */
function SelectorShell({ label, children }: { label: string; children: ReactElement }): ReactElement {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Label>{label}</Label>
      {children}
    </div>
  );
}

function partySummary(value: PartyValue | null): string {
  if (!value) return 'Select';
  if (value.type === 'BUSINESS' || value.type === 'OTHER') return `${value.type}: ${value.name}`;
  return `${value.type}: ${value.code}${value.door ? ` / ${value.door}` : ''} ${value.name}`;
}

export interface PartySelectorProps {
  value: PartyValue | null;
  onChange: (value: PartyValue) => void;
  types?: readonly PartyType[];
  entities: readonly PartyEntity[];
  units: readonly PartyUnit[];
  business?: { name?: string | null; balance?: number | null };
  label?: string;
  disabled?: boolean;
}

/**
 * The party selector (spec 1 §4.4): BUSINESS applies at once and closes; OWNER also picks the
 * owner's first unit; other choices apply on OK. OTHER is free text, first line the name.
 */
export function PartySelector({ value, onChange, types = PARTY_TYPES, entities, units, business, label = 'Party', disabled }: PartySelectorProps): ReactElement {
  // Start on a type other than BUSINESS, so that choosing BUSINESS is a change that applies it.
  const startType = (): PartyType => value?.type ?? types.find((t) => t !== 'BUSINESS') ?? 'BUSINESS';
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PartyValue | null>(value);
  const [type, setType] = useState<PartyType>(startType);
  const choices = entities.filter((e) => e.type === type && !e.inactive);
  const ownerUnits = draft?.type === 'OWNER' && draft.code ? units.filter((u) => u.entity === draft.code) : [];

  const chooseType = (next: PartyType) => {
    setType(next);
    if (next === 'BUSINESS') {
      onChange(businessParty(business));
      setOpen(false);
      return;
    }
    setDraft(next === 'OTHER' ? otherParty(value?.type === 'OTHER' ? value.text : '') : null);
  };
  const chooseEntity = (code: string) => {
    const entity = entities.find((e) => e.code === code);
    if (entity && type !== 'BUSINESS' && type !== 'OTHER') setDraft(entityParty(type, entity, units));
  };

  return (
    <SelectorShell label={label}>
      <Popover open={open} onOpenChange={(_, d) => { setOpen(d.open); if (d.open) { setDraft(value); setType(startType()); } }}>
        <PopoverTrigger disableButtonEnhancement>
          <Button disabled={disabled} aria-label={`${label}: ${partySummary(value)}`} style={{ justifyContent: 'flex-start' }}>
            {partySummary(value)}
          </Button>
        </PopoverTrigger>
        <PopoverSurface aria-label={`Choose ${label.toLowerCase()}`} style={{ minWidth: 320 }}>
          <RadioGroup layout="horizontal" aria-label="Party type" value={type} onChange={(_, d) => chooseType(d.value as PartyType)}>
            {types.map((t) => (
              <Radio key={t} value={t} label={t} />
            ))}
          </RadioGroup>
          {type === 'OTHER' ? (
            <Field label="Name and address" hint="First line is the name, the rest the address">
              <Textarea rows={4} value={draft?.type === 'OTHER' ? draft.text : ''} onChange={(_, d) => setDraft(otherParty(d.value))} />
            </Field>
          ) : type !== 'BUSINESS' ? (
            <>
              <Field label="Account">
                <Select value={draft?.code ?? ''} onChange={(_, d) => chooseEntity(d.value)}>
                  <option value="" />
                  {choices.map((e) => (
                    <option key={e.code} value={e.code}>
                      {e.code} {e.name}
                    </option>
                  ))}
                </Select>
              </Field>
              {type === 'OWNER' ? (
                <Field label="Unit">
                  <Select value={draft?.door ?? ''} disabled={!ownerUnits.length} onChange={(_, d) => draft && setDraft({ ...draft, door: d.value || null })}>
                    {ownerUnits.map((u) => (
                      <option key={u.door} value={u.door}>
                        {u.door} {u.name ?? ''}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              {draft?.balance !== null && draft?.balance !== undefined ? <Text size={200}>Balance {formatMoney(draft.balance)}</Text> : null}
            </>
          ) : null}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              appearance="primary"
              disabled={!partyReady(draft)}
              onClick={() => {
                if (draft) onChange(draft);
                setOpen(false);
              }}
            >
              OK
            </Button>
          </div>
        </PopoverSurface>
      </Popover>
    </SelectorShell>
  );
}

export interface ChargeOrPayeeSelectorProps {
  value: ChargePayeeValue | null;
  onChange: (value: ChargePayeeValue) => void;
  types?: readonly ChargePayeeType[];
  /** The payer whose open charges may be paid; without one CHARGE is disabled. */
  payer?: { type?: string; code?: string | null; door?: string | null } | null;
  openCharges: readonly OpenCharge[];
  entities: readonly PartyEntity[];
  units: readonly PartyUnit[];
  /** Chart of accounts offered for non-charge choices. */
  accounts: readonly { id: string; description?: string | null }[];
  label?: string;
  disabled?: boolean;
}

function payeeSummary(value: ChargePayeeValue | null): string {
  if (!value) return 'Select';
  if (value.type === 'CHARGE') return `CHARGE ${value.ref}: ${value.description}`;
  return `${value.type}${value.code && value.code !== 'BUSINESS' ? ` ${value.code}` : ''}${value.door ? ` / ${value.door}` : ''} – ${value.ref ?? ''}`;
}

/** Chooses an open charge of the payer, or a business/owner/supplier account to pay. */
export function ChargeOrPayeeSelector(props: ChargeOrPayeeSelectorProps): ReactElement {
  const { value, onChange, types = CHARGE_PAYEE_TYPES, payer, openCharges, entities, units, accounts, label = 'Charge or payee', disabled } = props;
  const chargeAllowed = chargeOptionEnabled(payer, openCharges);
  const initialType = (): ChargePayeeType => value?.type ?? (chargeAllowed ? 'CHARGE' : (types.find((t) => t !== 'CHARGE') ?? 'BUSINESS'));
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ChargePayeeType>(initialType);
  const [draft, setDraft] = useState<ChargePayeeValue | null>(value);
  const choices = entities.filter((e) => e.type === type && !e.inactive);
  const ownerUnits = type === 'OWNER' && draft?.code ? units.filter((u) => u.entity === draft.code) : [];
  const blank = (t: ChargePayeeType): ChargePayeeValue => ({ type: t, code: t === 'BUSINESS' ? 'BUSINESS' : null, door: null, ref: null, description: '', amount: null });

  return (
    <SelectorShell label={label}>
      <Popover open={open} onOpenChange={(_, d) => { setOpen(d.open); if (d.open) { setType(initialType()); setDraft(value); } }}>
        <PopoverTrigger disableButtonEnhancement>
          <Button disabled={disabled} aria-label={`${label}: ${payeeSummary(value)}`} style={{ justifyContent: 'flex-start' }}>
            {payeeSummary(value)}
          </Button>
        </PopoverTrigger>
        <PopoverSurface aria-label={`Choose ${label.toLowerCase()}`} style={{ minWidth: 340 }}>
          <RadioGroup
            layout="horizontal"
            aria-label="Payee type"
            value={type}
            onChange={(_, d) => {
              const next = d.value as ChargePayeeType;
              setType(next);
              setDraft(next === 'CHARGE' ? null : blank(next));
            }}
          >
            {types.map((t) => (
              <Radio key={t} value={t} label={t} disabled={t === 'CHARGE' && !chargeAllowed} />
            ))}
          </RadioGroup>
          {type === 'CHARGE' ? (
            <Field label="Open charge">
              <Select
                value={draft?.type === 'CHARGE' ? (draft.ref ?? '') : ''}
                onChange={(_, d) => {
                  const charge = openCharges.find((c) => String(c.id) === d.value);
                  setDraft(charge ? chargeValue(charge) : null);
                }}
              >
                <option value="" />
                {openCharges.map((c) => (
                  <option key={String(c.id)} value={String(c.id)}>
                    {c.ref ?? c.id} {chargeLabel(c)} {formatMoney(c.amount)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <>
              {type !== 'BUSINESS' ? (
                <Field label="Party">
                  <Select
                    value={draft?.code ?? ''}
                    onChange={(_, d) => {
                      const entity = entities.find((e) => e.code === d.value);
                      const door = type === 'OWNER' && entity ? (entityParty('OWNER', entity, units).door ?? null) : null;
                      setDraft({ ...(draft ?? blank(type)), code: entity?.code ?? null, door, description: entity?.name ?? '' });
                    }}
                  >
                    <option value="" />
                    {choices.map((e) => (
                      <option key={e.code} value={e.code}>
                        {e.code} {e.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              {type === 'OWNER' ? (
                <Field label="Unit">
                  <Select value={draft?.door ?? ''} disabled={!ownerUnits.length} onChange={(_, d) => draft && setDraft({ ...draft, door: d.value || null })}>
                    {ownerUnits.map((u) => (
                      <option key={u.door} value={u.door}>
                        {u.door} {u.name ?? ''}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              <Field label="Transaction account">
                <Select value={draft?.ref ?? ''} onChange={(_, d) => setDraft({ ...(draft ?? blank(type)), ref: d.value || null })}>
                  <option value="" />
                  {accounts.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.id} {a.description ?? ''}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              appearance="primary"
              disabled={!payeeReady(draft)}
              onClick={() => {
                if (draft) onChange(draft);
                setOpen(false);
              }}
            >
              OK
            </Button>
          </div>
        </PopoverSurface>
      </Popover>
    </SelectorShell>
  );
}
