import { SUPPORT_EMAIL, type ContactBody } from '@limo/contracts';
import { escapeHtml, mailLayout, type MailMessage } from '@limo/platform';

/** A /contact message as support receives it: replying answers the sender. */
export function contactMail(body: ContactBody, to: string = SUPPORT_EMAIL): MailMessage {
  const subject = `[${body.topic}] Contact form: ${body.name}${body.company ? ` (${body.company})` : ''}`;
  const rows: Array<[string, string | undefined]> = [
    ['Name', body.name],
    ['E-mail', body.email],
    ['Phone', body.phone],
    ['Company', body.company],
    ['Topic', body.topic],
  ];
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]));
  const text = [...shown.map(([k, v]) => `${k}: ${v}`), '', body.message].join('\n');
  const html = mailLayout(
    subject,
    `<table>${shown.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>`,
  );
  return { to, subject, text, html, replyTo: body.email, tag: 'contact' };
}
