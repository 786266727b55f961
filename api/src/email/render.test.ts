import { describe, expect, it } from 'vitest';
import { emailStatusTone } from '../contracts/email.js';
import { isMailbox } from './address.js';
import { htmlToText, renderEmail, sanitizeHtml } from './render.js';

const hostile = {
  name: '<script>alert(1)</script> O\'Brien & "Sons" <img src=x onerror=alert(2)>',
  code: 'OWNX',
  email: 'owner@example.com',
};

describe('template rendering', () => {
  it('replaces whole-word placeholders and leaves look-alikes alone', () => {
    const r = renderEmail('Statement RPT_PERIOD for TO_NAME', '<p>Dear TO_NAME, from FROM_NAME (FROM_PHONE1). XTO_NAME TO_NAMES USER_NAME RPT_MONTH RPT_YEAR RPT_NAME</p>', {
      from: { name: 'Seaside', phone1: '07 5555 0000' }, to: { name: 'Jane' }, user: { name: 'Admin' }, report: { year: 2026, month: 1, name: 'Owner Statement' },
    });
    expect(r.subject).toBe('Statement January 2026 for Jane');
    expect(r.html).toBe('<p>Dear Jane, from Seaside (07 5555 0000). XTO_NAME TO_NAMES Admin January 2026 Owner Statement</p>');
    expect(r.text).toBe('Dear Jane, from Seaside (07 5555 0000). XTO_NAME TO_NAMES Admin January 2026 Owner Statement');
  });

  it('escapes a hostile owner name in the HTML and keeps it as text in the plain part', () => {
    const r = renderEmail('For TO_NAME', '<p>Dear TO_NAME,</p><p><a href="mailto:TO_EMAIL">TO_EMAIL</a></p>', { to: hostile });
    expect(r.html).not.toMatch(/<script|<img/i);
    expect(r.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien &amp; &quot;Sons&quot; &lt;img src=x onerror=alert(2)&gt;');
    expect(r.text).toContain(`Dear ${hostile.name},`);
    expect(r.subject).toBe(`For ${hostile.name}`);
  });

  it('keeps a subject on one line whatever a value holds (no header injection)', () => {
    const r = renderEmail('Statement for TO_NAME', '<p></p>', { to: { name: 'Jane\r\nBcc: victim@example.com\nX-Evil: 1' } });
    expect(r.subject).toBe('Statement for Jane Bcc: victim@example.com X-Evil: 1');
    expect(r.subject).not.toMatch(/[\r\n]/);
  });

  it('strips scripts, styles, event handlers and javascript: links from the template itself', () => {
    const html = sanitizeHtml('<p onclick="x()">Hi<script>alert(1)</script><style>p{}</style> <a href="javascript:alert(1)">x</a> <a href=" https://ok.example/?a=1&amp;b=2">ok</a><iframe src="x"></iframe><!-- c --><b style="x">B</b> 1 < 2</p>');
    expect(html).toBe('<p>Hi <a>x</a> <a href="https://ok.example/?a=1&amp;b=2">ok</a><b>B</b> 1 &lt; 2</p>');
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a><svg onload=alert(1)><p>after</p>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>text')).toBe('text');
  });

  it('makes a plain-text part from paragraphs, line breaks and lists', () => {
    expect(htmlToText('<p>Dear A,</p><p>Line 1<br>Line 2</p><ul><li>one</li><li>two &amp; three</li></ul><p>Bye</p>')).toBe('Dear A,\n\nLine 1\nLine 2\n\n- one\n- two & three\n\nBye');
  });
});

describe('addresses', () => {
  it('accepts one plain mailbox and refuses lists, display names and line breaks', () => {
    expect(isMailbox('jane.smith+x@example.com.au')).toBe(true);
    for (const bad of ['a@b.com\r\nBcc: c@d.com', 'a@b.com, c@d.com', 'Jane <a@b.com>', 'a@b.com;c@d.com', '"x"@b.com', 'a@b', '', 'a@@b.com', 'a@b.com\n'])
      expect(isMailbox(bad), bad).toBe(false);
  });
});

describe('e-mail status colours (spec 3 §4)', () => {
  it('New is pending, Failed, Dropped and Bounced are failed, anything else sent', () => {
    expect(['New', 'Failed', 'Dropped', 'Bounced', 'Sent', 'Delivered'].map(emailStatusTone)).toEqual(['pending', 'failed', 'failed', 'failed', 'sent', 'sent']);
  });
});
