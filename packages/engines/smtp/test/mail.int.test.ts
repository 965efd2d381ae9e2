import { describe, expect, it } from 'vitest';
import { describeMailContract, parseMail, type MailFixture, type ReceivedMail } from '@limo/platform/testing';
import { SmtpMailer } from '../src/smtp.mailer.js';
import { startSmtpCatcher } from './support/smtp-catcher.js';

const FROM = 'LimoDirectory <noreply@limo.test>';

describeMailContract('Mail contract: smtp', () => smtpFixture());

describe('SmtpMailer.create', () => {
  it('fails with a clear message when nothing listens at the URL', async () => {
    await expect(SmtpMailer.create({ url: 'smtp://127.0.0.1:1', from: FROM })).rejects.toThrow(
      /^SMTP unreachable at smtp:\/\/127\.0\.0\.1:1: /,
    );
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
