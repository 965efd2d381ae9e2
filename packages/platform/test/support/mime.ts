import type { ReceivedMail } from '../contracts/mail.contract.js';

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/**
 * Just enough MIME to read what nodemailer writes (mailparser is not a dependency): folded headers,
 * RFC 2047 encoded words, multipart/alternative, and 7bit, quoted-printable or base64 UTF-8 bodies.
 */
export function parseMail(raw: string): ReceivedMail {
  // The line break that ends the last line belongs to the message framing, not to the body.
  const top = splitPart(raw.replace(/\r\n/g, '\n').replace(/\n$/, ''));
  const leaves = leafParts(top);
  const text = leaves.find((part) => contentType(part) === 'text/plain');
  const html = leaves.find((part) => contentType(part) === 'text/html');
  return {
    messageId: top.headers.get('message-id') ?? '',
    to: (top.headers.get('to') ?? '').replace(/^.*<(.+)>$/, '$1'),
    subject: decodeWords(top.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    ...(html ? { html: decodeBody(html) } : {}),
  };
}

function splitPart(raw: string): MimePart {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 2) };
}

function contentType(part: MimePart): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0].trim().toLowerCase();
}

function leafParts(part: MimePart): MimePart[] {
  if (!contentType(part).startsWith('multipart/')) return [part];
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('multipart without a boundary');
  // Between the preamble and the closing delimiter; each part sits between "\n--boundary" lines.
  const sections = `\n${part.body}`.split(`\n--${boundary}`).slice(1, -1);
  return sections.map((section) => splitPart(section.replace(/^[ \t]*\n/, ''))).flatMap(leafParts);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const binary = part.body
      .replace(/[ \t]+$/gm, '')
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(binary, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Decodes RFC 2047 words to bytes first, so a character split across two words still decodes. */
function decodeWords(value: string): string {
  const binary = value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('latin1')
        : data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  return Buffer.from(binary, 'latin1').toString('utf8');
}
