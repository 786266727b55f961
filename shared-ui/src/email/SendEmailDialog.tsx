import { useEffect, useRef, useState, type ReactElement } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Radio, RadioGroup, Toolbar, ToolbarButton, tokens,
} from '@fluentui/react-components';
import { TextBoldRegular, TextItalicRegular, TextUnderlineRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_SENT_TO_QUEUE, EMAIL_TO_TYPES, type SendEmailInput } from 'api/contracts/email';
import { MONTH_NAMES } from 'api/contracts/lookup';
import { api, ApiFailure, notify, useLookups, useCurrentMonth } from 'shared-ui/core';

export type EmailToType = (typeof EMAIL_TO_TYPES)[number];
const TO_LABELS: Record<EmailToType, string> = { BUSINESS: 'Business', USER: 'User', OWNER: 'Owner', SUPPLIER: 'Supplier', TENANT: 'Tenant', MANUAL: 'Manual' };

export interface SendEmailDefaults {
  toType?: EmailToType;
  toCode?: string;
  /** Offer the owner's statement as an attachment (ticked). */
  statement?: boolean;
  template?: string;
  /** Archived files to attach (a report from the viewer), with the names shown. */
  attachments?: { archiveId: number; filename: string }[];
  /** RPT_NAME for the template (the report's title). */
  reportName?: string;
}

/** The month before the open one (spec 3 §9's default for statements). */
const previousMonth = (m: { month: number; year: number }) => (m.month === 1 ? { year: m.year - 1, month: 12 } : { year: m.year, month: m.month - 1 });

/**
 * A small rich-text body: the browser's own editing of the HTML (bold, italic, underline, line
 * breaks), the template's placeholders kept as words the server replaces. The server reduces the
 * HTML to formatting tags before it sends, whatever arrives.
 */
function BodyEditor({ html, onChange }: { html: string; onChange: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== html) ref.current.innerHTML = html;
  }, [html]);
  const format = (command: string) => {
    ref.current?.focus();
    document.execCommand(command);
    onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <div style={{ border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium }}>
      <Toolbar size="small" style={{ borderBottom: `1px solid ${tokens.colorNeutralStroke2}` }}>
        <ToolbarButton aria-label="Bold" icon={<TextBoldRegular />} onClick={() => format('bold')} />
        <ToolbarButton aria-label="Italic" icon={<TextItalicRegular />} onClick={() => format('italic')} />
        <ToolbarButton aria-label="Underline" icon={<TextUnderlineRegular />} onClick={() => format('underline')} />
      </Toolbar>
      <div
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-label="Message"
        data-testid="email-body"
        contentEditable
        suppressContentEditableWarning
        onInput={() => onChange(ref.current?.innerHTML ?? '')}
        style={{ height: 290, overflowY: 'auto', padding: '8px 12px', outline: 'none' }}
      />
    </div>
  );
}

/**
 * Send Email (spec 3 §2): From Business or User; To Business, User, Owner, Supplier, Tenant or
 * Manual; subject, template, body; an owner's statement attached. POST /api/email queues it and
 * the outbox sends it; 'Email(s) Sent to queue!' when queued.
 */
export function SendEmailDialog({ open, onClose, defaults = {} }: { open: boolean; onClose: () => void; defaults?: SendEmailDefaults }): ReactElement {
  const lookups = useLookups().data;
  const queryClient = useQueryClient();
  const current = useCurrentMonth();
  const templateList = useQuery({
    queryKey: ['email-templates'],
    enabled: open,
    queryFn: () => api.get<{ data: { name: string; description: string; memo: string }[] }>('/api/email/templates').then((r) => r.data),
  });
  const templates = templateList.data ?? [];
  const [from, setFrom] = useState<'BUSINESS' | 'USER'>('BUSINESS');
  const [toType, setToType] = useState<EmailToType>(defaults.toType ?? 'OWNER');
  const [toCode, setToCode] = useState(defaults.toCode ?? '');
  const [address, setAddress] = useState('');
  const [template, setTemplate] = useState(defaults.template ?? '');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('<p></p>');
  const [attach, setAttach] = useState(Boolean(defaults.statement));
  const [period, setPeriod] = useState(previousMonth(current));
  const [error, setError] = useState<string | null>(null);

  const applyTemplate = (name: string) => {
    setTemplate(name);
    const t = templates.find((x) => x.name === name);
    if (t) {
      setSubject(t.description);
      setBody(t.memo || '<p></p>');
    }
  };
  useEffect(() => {
    if (!open) return;
    setToType(defaults.toType ?? 'OWNER');
    setToCode(defaults.toCode ?? '');
    setAttach(Boolean(defaults.statement));
    setError(null);
  }, [open]);
  // Once the templates arrive: the statement template when a statement goes, the general one otherwise.
  useEffect(() => {
    if (!open || !templateList.data) return;
    const fallback = defaults.template ?? (defaults.statement ? 'STATEMENT' : 'GENERAL');
    if (templates.some((t) => t.name === fallback)) applyTemplate(fallback);
  }, [open, templateList.data]);

  const entities = ((lookups?.entity ?? []) as { code: string; name: string; type: string }[]).filter((e) => e.type === toType);
  const send = useMutation({
    mutationFn: (input: SendEmailInput) => api.post<{ data: { id: number; message: string } }>('/api/email', input, { quiet: true }),
    onSuccess: (res) => {
      notify({ title: res.data.message || EMAIL_SENT_TO_QUEUE, intent: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['email-log'] });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiFailure ? e.message : String(e)),
  });
  const submit = () => {
    setError(null);
    const to: SendEmailInput['to'] = toType === 'MANUAL' ? { type: 'MANUAL', address: address.trim() } : { type: toType, code: toType === 'BUSINESS' ? 'BUSINESS' : toCode };
    send.mutate({
      from: { type: from }, to, subject, body, template: template || undefined,
      statement: attach && toType === 'OWNER' && toCode ? { code: toCode, year: period.year, month: period.month } : undefined,
      archive_ids: defaults.attachments?.length ? defaults.attachments.map((a) => a.archiveId) : undefined,
      report_name: defaults.reportName,
    });
  };
  const years = [current.year - 1, current.year];
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: 'min(820px, 96vw)' }}>
        <DialogBody>
          <DialogTitle>Send Email</DialogTitle>
          <DialogContent>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
              <div style={{ display: 'grid', gap: 10, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
                <Field label="From">
                  <RadioGroup layout="horizontal" value={from} onChange={(_, d) => setFrom(d.value as 'BUSINESS' | 'USER')}>
                    <Radio value="BUSINESS" label="Business" />
                    <Radio value="USER" label="User" />
                  </RadioGroup>
                </Field>
                <Field label="To">
                  <Dropdown aria-label="Recipient type" value={TO_LABELS[toType]} selectedOptions={[toType]} onOptionSelect={(_, d) => { setToType(d.optionValue as EmailToType); setToCode(''); }}>
                    {EMAIL_TO_TYPES.map((t) => <Option key={t} value={t}>{TO_LABELS[t]}</Option>)}
                  </Dropdown>
                </Field>
                {toType === 'MANUAL' ? (
                  <Field label="Address" required>
                    <Input type="email" value={address} onChange={(_, d) => setAddress(d.value)} maxLength={254} />
                  </Field>
                ) : toType === 'USER' ? (
                  <Field label="User code" required>
                    <Input value={toCode} onChange={(_, d) => setToCode(d.value.toUpperCase())} maxLength={40} />
                  </Field>
                ) : toType === 'BUSINESS' ? null : (
                  <Field label={TO_LABELS[toType]} required>
                    <Dropdown aria-label="Recipient" value={entities.find((e) => e.code === toCode) ? `${toCode} ${entities.find((e) => e.code === toCode)!.name}` : toCode}
                      selectedOptions={toCode ? [toCode] : []} onOptionSelect={(_, d) => setToCode(d.optionValue ?? '')}>
                      {entities.map((e) => <Option key={e.code} value={e.code} text={`${e.code} ${e.name}`}>{`${e.code} ${e.name}`}</Option>)}
                    </Dropdown>
                  </Field>
                )}
                <Field label="Template">
                  <Dropdown aria-label="Template" value={template} selectedOptions={template ? [template] : []} onOptionSelect={(_, d) => applyTemplate(d.optionValue ?? '')}>
                    {templates.map((t) => <Option key={t.name} value={t.name}>{t.name}</Option>)}
                  </Dropdown>
                </Field>
              </div>
              <Field label="Subject" required>
                <Input value={subject} onChange={(_, d) => setSubject(d.value)} maxLength={300} />
              </Field>
              <Field label="Message" hint="Words such as TO_NAME, FROM_NAME, RPT_PERIOD are filled in for the recipient when sent.">
                <BodyEditor html={body} onChange={setBody} />
              </Field>
              {defaults.attachments?.length ? <div data-testid="email-attached">Attached: {defaults.attachments.map((a) => a.filename).join(', ')}</div> : null}
              {toType === 'OWNER' ? (
                <div style={{ display: 'flex', gap: 10, alignItems: 'flex-end', flexWrap: 'wrap' }}>
                  <Checkbox label="Attach the owner statement for" checked={attach} onChange={(_, d) => setAttach(Boolean(d.checked))} />
                  <Dropdown aria-label="Statement month" value={MONTH_NAMES[period.month - 1]} selectedOptions={[String(period.month)]} onOptionSelect={(_, d) => setPeriod((p) => ({ ...p, month: Number(d.optionValue) }))} style={{ minWidth: 130 }}>
                    {MONTH_NAMES.map((m, i) => <Option key={m} value={String(i + 1)}>{m}</Option>)}
                  </Dropdown>
                  <Dropdown aria-label="Statement year" value={String(period.year)} selectedOptions={[String(period.year)]} onOptionSelect={(_, d) => setPeriod((p) => ({ ...p, year: Number(d.optionValue) }))} style={{ minWidth: 90 }}>
                    {years.map((y) => <Option key={y} value={String(y)}>{String(y)}</Option>)}
                  </Dropdown>
                </div>
              ) : null}
              {error ? <div role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{error}</div> : null}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={send.isPending || !subject.trim()} onClick={submit}>Send</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
