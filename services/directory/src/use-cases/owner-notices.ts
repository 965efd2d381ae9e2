import type { Logger, Mailer, MailMessage } from '@limo/platform';
import type { ChangeRequestDoc } from '../domain/change-request.js';
import { ownerMailOf, type CompanyDoc } from '../domain/company.js';
import {
  changeRequestClosedMail,
  changeRequestDecidedMail,
  CLOSED_ON_VERIFICATION_NOTE,
  credentialsDecidedMail,
  insuranceExpiringMail,
  listingDecidedMail,
} from '../mail/owner-notices.mail.js';
import type { ChangeRequestsRepository } from '../repositories/change-requests.repository.js';

/**
 * What owners are told about their listing: change requests approved, rejected or closed, listings
 * verified or rejected. Each mail carries an idempotency key, so a retried consumer mails once.
 */
export class OwnerNotices {
  constructor(
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly logger: Logger,
  ) {}

  private async send(message: MailMessage, idempotencyKey: string): Promise<void> {
    await this.mailer.send({ ...message, idempotencyKey });
  }

  /** After an admin's decision on a change request (the request as decided). */
  async changeRequestDecided(request: ChangeRequestDoc, decision: 'approved' | 'rejected', reason: string | null): Promise<void> {
    const to = request.ownerEmail;
    if (!to) return;
    try {
      await this.send(
        changeRequestDecidedMail(to, request.companyName, decision, reason, this.publicUrl),
        `change-request-${decision}:${request._id}`,
      );
    } catch (err) {
      // The decision stands; the mail is the only thing lost, and logged.
      this.logger.error({ err, changeRequestId: request._id }, 'change request notice not sent');
    }
  }

  /**
   * The business became verified: its owner edits directly from now on, so its pending change
   * requests are closed unapplied, each with a note mailed to the owner (mailed first: a retry
   * after a crash mails once and then closes).
   */
  async closeRequestsOfVerified(companyId: string): Promise<number> {
    const pending = await this.changeRequests.list({ companyId, status: 'pending' });
    for (const request of pending) {
      if (request.ownerEmail) {
        await this.send(
          changeRequestClosedMail(request.ownerEmail, request.companyName, CLOSED_ON_VERIFICATION_NOTE, this.publicUrl),
          `change-request-closed:${request._id}`,
        );
      }
      await this.changeRequests.decide(request._id, 'closed', null, CLOSED_ON_VERIFICATION_NOTE);
    }
    return pending.length;
  }

  /** After an admin verified or rejected an owned listing. */
  async listingDecided(company: CompanyDoc, decision: 'verified' | 'rejected', reason: string | null, at: string): Promise<void> {
    const to = ownerMailOf(company);
    if (!to) return;
    try {
      await this.send(listingDecidedMail(to, company.name, decision, reason, this.publicUrl), `listing-${decision}:${company._id}:${at}`);
    } catch (err) {
      this.logger.error({ err, companyId: company._id }, 'listing decision notice not sent');
    }
  }

  /** After an admin verified or rejected the owner's credentials. */
  async credentialsDecided(company: CompanyDoc, decision: 'verified' | 'rejected', reason: string | null, at: string): Promise<void> {
    const to = ownerMailOf(company);
    if (!to) return;
    try {
      await this.send(
        credentialsDecidedMail(to, company.name, decision, reason, this.publicUrl),
        `credentials-${decision}:${company._id}:${at}`,
      );
    } catch (err) {
      this.logger.error({ err, companyId: company._id }, 'credentials decision notice not sent');
    }
  }

  /** The verified insurance expires soon; one mail per company and expiry date (the key makes a retry mail once). Throws when not sent. */
  async insuranceExpiring(company: CompanyDoc, expiresOn: string): Promise<boolean> {
    const to = ownerMailOf(company);
    if (!to) return false;
    await this.send(insuranceExpiringMail(to, company.name, expiresOn, this.publicUrl), `insurance-expiring:${company._id}:${expiresOn}`);
    return true;
  }
}
