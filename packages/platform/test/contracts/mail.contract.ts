import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../../src/ports/mail.port.js';

/** A message as the far end of the transport decoded it. */
export interface ReceivedMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What a mail adapter's test gives the contract: a mailer, what has arrived so far, and teardown. */
export interface MailFixture {
  mailer: Mailer;
  received(): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** The behaviour every Mailer adapter must have; each test gets a fresh fixture (an empty outbox). */
export function describeMailContract(name: string, factory: () => Promise<MailFixture>): void {
  describe(name, () => {
    let fixture: MailFixture;
    let mailer: Mailer;
    const arrived = async (subject: string): Promise<ReceivedMail[]> =>
      (await fixture.received()).filter((mail) => mail.subject === subject);

    beforeEach(async () => {
      fixture = await factory();
      mailer = fixture.mailer;
    });
    afterEach(async () => {
      await fixture?.close();
    });

    it('answers ping', async () => {
      await expect(mailer.ping()).resolves.toBeUndefined();
    });

    it('delivers to, subject, text and html intact, under the returned message id', async () => {
      const subject = `Your quote request ${randomUUID()}`;
      const text = [
        'Hello Ana,',
        '',
        '.a line that starts with a dot, and = signs = everywhere',
        `A long line that a transport must wrap and unwrap: ${'0123456789 '.repeat(20)}end.`,
        'Bye',
      ].join('\n');
      const html = `<p>Hello <b>Ana</b>,</p><p>${'<span class="x">wrapped</span> '.repeat(15)}</p>`;

      const sent = await mailer.send({ to: 'ana@example.com', subject, text, html, tag: 'quote' });

      expect(sent.messageId).toMatch(/\S/);
      await expect.poll(() => arrived(subject), { timeout: 5_000 }).toHaveLength(1);
      const [mail] = await arrived(subject);
      expect(mail).toEqual({ messageId: sent.messageId, to: 'ana@example.com', subject, text, html });
    });

    it('delivers a text-only message without html', async () => {
      const subject = `Plain ${randomUUID()}`;
      await mailer.send({ to: 'bo@example.com', subject, text: 'Just text.' });
      await expect.poll(() => arrived(subject), { timeout: 5_000 }).toHaveLength(1);
      const [mail] = await arrived(subject);
      expect(mail.text).toBe('Just text.');
      expect(mail.html).toBeUndefined();
    });

    it('keeps non-ASCII subject, text and html', async () => {
      const subject = `Quinceañera — ¡Hola! 日本語 ✓ ${randomUUID()}`;
      const text = 'Señora Núñez: your “Quinceañera” ride is booked — ¡Hola! 🚗\nZürich, Łódź, São Paulo.';
      // Mostly non-ASCII, so a MIME writer picks base64 here and quoted-printable for the text: both must survive.
      const html = '<p>ヌニェス様、「キンセアニェーラ」のご予約を承りました。— ¡Hola! 🚗</p>';

      await mailer.send({ to: 'nunez@example.com', subject, text, html });

      await expect.poll(() => arrived(subject), { timeout: 5_000 }).toHaveLength(1);
      const [mail] = await arrived(subject);
      expect(mail).toMatchObject({ subject, text, html });
    });

    it('delivers 20 concurrent messages exactly once each', async () => {
      const run = randomUUID();
      const subjects = Array.from({ length: 20 }, (_, i) => `Batch ${run} #${i}`);

      const sent = await Promise.all(
        subjects.map((subject, i) => mailer.send({ to: `user${i}@example.com`, subject, text: `Message ${i}` })),
      );

      expect(new Set(sent.map((s) => s.messageId)).size).toBe(20);
      const batch = async (): Promise<ReceivedMail[]> =>
        (await fixture.received()).filter((mail) => mail.subject.startsWith(`Batch ${run} `));
      await expect.poll(batch, { timeout: 10_000 }).toHaveLength(20);
      const mails = await batch();
      expect(mails.map((m) => m.subject).sort()).toEqual([...subjects].sort());
      for (const mail of mails) {
        const i = subjects.indexOf(mail.subject);
        expect(mail).toMatchObject({ to: `user${i}@example.com`, text: `Message ${i}`, messageId: sent[i].messageId });
      }
    });
  });
}
