import { MONTH_NAMES } from '../contracts/lookup.js';

/**
 * E-mail templates (spec 3 §3 'Template', §9 'Template placeholders'): a template's description
 * is the subject and its memo the HTML body, both holding whole-word placeholders (FROM_NAME,
 * TO_EMAIL, USER_NAME, RPT_PERIOD...) the field inserters of the Templates editor put there.
 *
 * Rendering is safe by construction: the template's HTML is first reduced to an allow-list of
 * formatting tags and attributes (no script, style, event handler or javascript: link), then the
 * placeholders are replaced by values HTML-escaped, so an owner called `<script>` is shown as
 * text. The subject is one line: a line break a value brings in is turned into a space. A plain
 * text part is made from the same rendering.
 */

const PARTY_FIELDS = ['CODE', 'NAME', 'EMAIL', 'ADDRESS', 'TOWN', 'STATE', 'POSTCODE', 'PHONE1', 'PHONE2', 'NOTES'] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];
export type Party = Partial<Record<Lowercase<PartyField>, string | null>>;

export interface TemplateValues {
  from?: Party;
  to?: Party;
  user?: { name?: string | null; email?: string | null };
  report?: { year?: number | null; month?: number | null; name?: string | null };
}

export const PLACEHOLDERS: readonly string[] = [
  ...PARTY_FIELDS.map((f) => `FROM_${f}`),
  ...PARTY_FIELDS.map((f) => `TO_${f}`),
  'USER_NAME', 'USER_EMAIL', 'RPT_YEAR', 'RPT_MONTH', 'RPT_PERIOD', 'RPT_NAME',
];
const TOKEN = new RegExp(`\\b(${PLACEHOLDERS.join('|')})\\b`, 'g');


/** The text each placeholder stands for ('' when the value is missing). */
export function placeholderValues(v: TemplateValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of PARTY_FIELDS) {
    out[`FROM_${f}`] = String(v.from?.[f.toLowerCase() as Lowercase<PartyField>] ?? '');
    out[`TO_${f}`] = String(v.to?.[f.toLowerCase() as Lowercase<PartyField>] ?? '');
  }
  out.USER_NAME = v.user?.name ?? '';
  out.USER_EMAIL = v.user?.email ?? '';
  const { year, month, name } = v.report ?? {};
  out.RPT_YEAR = year ? String(year) : '';
  out.RPT_MONTH = month ? MONTH_NAMES[month - 1] ?? '' : '';
  out.RPT_PERIOD = year && month ? `${MONTH_NAMES[month - 1]} ${year}` : '';
  out.RPT_NAME = name ?? '';
  return out;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'span', 'div', 'a', 'hr',
  'table', 'thead', 'tbody', 'tr', 'td', 'th', 'code', 'pre', 'sub', 'sup']);
/** Whose content goes too, not only the tag. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'title', 'head', 'textarea', 'select'];
const SAFE_HREF = /^(https?:|mailto:)/i;

/**
 * The template's HTML reduced to formatting: allowed tags are rebuilt from their name and a safe
 * href alone (anything else in the tag is dropped), other tags removed, a '<' or '>' that opens
 * no tag escaped. Comments, scripts and styles go with their content.
 */
export function sanitizeHtml(html: string): string {
  let s = html.replace(/<!--[\s\S]*?(-->|$)/g, '');
  for (const tag of DROPPED_WITH_CONTENT) s = s.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(<\\/${tag}\\s*>|$)`, 'gi'), '');
  const out: string[] = [];
  const tagRe = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  for (let m = tagRe.exec(s); m; m = tagRe.exec(s)) {
    out.push(escapeStray(s.slice(last, m.index)));
    last = m.index + m[0].length;
    const [, closing, rawName, attrs] = m;
    const name = rawName!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) { if (name !== 'br' && name !== 'hr') out.push(`</${name}>`); continue; }
    let rebuilt = name;
    if (name === 'a') {
      const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs ?? '');
      const value = decodeEntities(href ? (href[2] ?? href[3] ?? href[4] ?? '') : '').trim();
      if (value && SAFE_HREF.test(value.replace(/[\u0000-\u0020]/g, ''))) rebuilt += ` href="${escapeHtml(value)}"`;
    }
    out.push(`<${rebuilt}>`);
  }
  out.push(escapeStray(s.slice(last)));
  return out.join('');
}

/** Text between tags: entities stay, a lone '<' or '>' becomes one. */
const escapeStray = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp|#39);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos' || k === '#39') return "'";
    if (k === 'nbsp') return ' ';
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });
}

/** The plain-text part: paragraphs and line breaks kept, list items dashed, tags gone, entities decoded. */
export function htmlToText(html: string): string {
  const s = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|blockquote|tr|table|ul|ol|pre)>/gi, '\n\n')
    .replace(/<\/(td|th)>/gi, '\t')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(s).replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** A subject or display name on one line: control characters (CR, LF, tab...) become spaces. */
export const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s{2,}/g, ' ').trim();

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A subject and an HTML body with placeholders, rendered for one recipient. */
export function renderEmail(subject: string, bodyHtml: string, values: TemplateValues): RenderedEmail {
  const v = placeholderValues(values);
  const html = sanitizeHtml(bodyHtml).replace(TOKEN, (t) => escapeHtml(v[t] ?? ''));
  return {
    subject: oneLine(subject.replace(TOKEN, (t) => v[t] ?? '')).slice(0, 998),
    html,
    text: htmlToText(html),
  };
}
