import { credentialToday } from '@limo/contracts';
import type { Logger } from '@limo/platform';
import type { CompanyDoc } from '../domain/company.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';
import type { OwnerNotices } from './owner-notices.js';

/** The owner is mailed when the verified insurance ends in this many days or fewer. */
const EXPIRY_REMINDER_DAYS = 30;

/** Days from `from` to `to` (both yyyy-MM-dd). */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What one run did. */
export interface CredentialWatchReport {
  reminded: number;
  lapsed: number;
}

/**
 * The periodic check of verified insurance (every CREDENTIAL_WATCH_MINUTES, and on demand with any
 * clock in tests):
 * - 30 days or fewer before the verified insurance's last day, the owner is mailed once for that date;
 * - once that day is over, the lapse is written on the company: the write re-indexes it, so search's
 *   `insured` filter and the cached search JSON drop the badge (the company page computes it at read time).
 */
export class CredentialWatch {
  private running: Promise<CredentialWatchReport> | null = null;

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly notices: OwnerNotices,
    private readonly logger: Logger,
  ) {}

  /** Runs the check as of `now`; a run already under way is awaited rather than doubled. */
  run(now: Date): Promise<CredentialWatchReport> {
    this.running ??= this.check(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(now: Date): Promise<CredentialWatchReport> {
    const today = credentialToday(now);
    const report: CredentialWatchReport = { reminded: 0, lapsed: 0 };
    const watched = await this.companies.find({ 'credentials.verified': { $ne: null } }, { sort: { _id: 1 } });
    for (const company of watched) {
      const expiresOn = company.credentials?.verified?.insuranceExpiresOn;
      if (!expiresOn) continue;
      try {
        if (expiresOn < today) {
          if (await this.markLapsed(company, expiresOn)) report.lapsed++;
        } else if (daysBetween(today, expiresOn) <= EXPIRY_REMINDER_DAYS && company.credentials?.reminderSentFor !== expiresOn) {
          if (await this.remind(company, expiresOn)) report.reminded++;
        }
      } catch (err) {
        this.logger.error({ err, companyId: company._id }, 'insurance expiry check failed for a company');
      }
    }
    if (report.reminded + report.lapsed > 0) this.logger.info({ ...report, today }, 'insurance expiry check');
    return report;
  }

  /** Mails the owner (the mail's key makes a retry after a crash mail once), then notes it. */
  private async remind(company: CompanyDoc, expiresOn: string): Promise<boolean> {
    if (!(await this.notices.insuranceExpiring(company, expiresOn))) return false;
    await this.companies.update(company._id, (current) =>
      current.credentials && current.credentials.verified?.insuranceExpiresOn === expiresOn
        ? { credentials: { ...current.credentials, reminderSentFor: expiresOn } }
        : null,
    );
    return true;
  }

  private async markLapsed(company: CompanyDoc, expiresOn: string): Promise<boolean> {
    if (company.credentials?.lapsedFor === expiresOn) return false;
    await this.companies.update(company._id, (current) =>
      current.credentials && current.credentials.verified?.insuranceExpiresOn === expiresOn && current.credentials.lapsedFor !== expiresOn
        ? { credentials: { ...current.credentials, lapsedFor: expiresOn } }
        : null,
    );
    return true;
  }
}
