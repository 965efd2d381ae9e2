import { describe, expect, it } from 'vitest';
import { keyDigest, MemoryCache } from '@limo/platform';
import { describeMailContract, parseMail, slowCache, type MailFixture, type ReceivedMail } from '@limo/platform/testing';
import { SmtpMailer } from '../src/smtp.mailer.js';
import { REFUSED_DOMAIN, startSmtpCatcher } from './support/smtp-catcher.js';

const FROM = 'LimoDirectory <noreply@limo.test>';

describeMailContract('Mail contract: smtp', () => smtpFixture());

describe('SmtpMailer.create', () => {
  it('fails with a clear message when nothing listens at the URL', async () => {
    await expect(SmtpMailer.create({ url: 'smtp://127.0.0.1:1', from: FROM })).rejects.toThrow(
      /^SMTP unreachable at smtp:\/\/127\.0\.0\.1:1: /,
    );
  });
});

// Two replicas owing the same mail at once (an owner's cancel answered by the request and by the
// provider's webhook): the shared record lets one send it.
describe('a keyed mail sent at once by two instances sharing the record of sent keys', () => {
  it('reaches the SMTP server once, and both get its Message-ID', async () => {
    const smtp = await startSmtpCatcher();
    const sent = slowCache(new MemoryCache());
    // Another URL for each (a pool option changed), so they do not share this process's in-flight sends.
    const mailers = await Promise.all([smtp.url, `${smtp.url}?maxMessages=100`].map((url) => SmtpMailer.create({ url, from: FROM, sent })));
    try {
      const mail = { to: 'owner@example.com', subject: 'Subscription cancelled', text: 'Once.', idempotencyKey: 'cancel:sub-1' };
      const answers = await Promise.all(mailers.flatMap((mailer) => [mailer.send(mail), mailer.send(mail)]));
      expect(new Set(answers.map((a) => a.messageId)).size).toBe(1);
      expect(smtp.messages.filter(({ raw }) => raw.includes('Subscription cancelled'))).toHaveLength(1);
      // A refused send leaves no claim: the next try, on either instance, sends it.
      const refused = { ...mail, to: `owner@${REFUSED_DOMAIN}`, subject: 'Receipt', idempotencyKey: 'receipt:1' };
      await expect(mailers[0].send(refused)).rejects.toThrow(/rejected/);
      expect(await sent.get(`mail-sent:${keyDigest('receipt:1')}`)).toBeUndefined();
    } finally {
      await Promise.all(mailers.map((m) => m.close()));
      await smtp.close();
    }
  });
});

/** The SMTP adapter against an in-process SMTP server. */
async function smtpFixture(): Promise<MailFixture> {
  const smtp = await startSmtpCatcher();
  const mailer = await SmtpMailer.create({ url: smtp.url, from: FROM });
  const received = async (): Promise<ReceivedMail[]> =>
    smtp.messages.map(({ recipients, raw }) => {
      const mail = parseMail(raw);
      // The envelope is what routes the mail: it must name the same recipient as the header.
      expect(recipients).toEqual([mail.to]);
      return mail;
    });
  const close = async (): Promise<void> => {
    await mailer.close();
    await smtp.close();
  };
  return { mailer, received, close };
}
