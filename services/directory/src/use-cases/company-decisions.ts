import { notFound, type AuditTrail } from '@limo/platform';
import type { CompanyChange, CompanyDoc } from '../domain/company.js';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** One admin decision on a company waiting in a queue: a listing to verify, credentials to check. */
export interface CompanyDecision {
  /** The stored change, decided at `at`; throws (a 409) when the company no longer waits. */
  change(current: CompanyDoc, at: string): CompanyChange;
  /** The audit record's `<target>.<verb>` and details. */
  audit(company: CompanyDoc): { action: string; details: Record<string, unknown> };
  /** Done once the change is stored, before it is recorded. */
  afterChange?(company: CompanyDoc): Promise<unknown>;
  /** Tells the owner, once recorded. */
  notify(company: CompanyDoc, at: string): Promise<unknown>;
}

/**
 * An admin decides on a company: the change (404 when there is no such company), the audit record,
 * then the owner told. Returns the company as decided.
 */
export async function decideOnCompany(
  deps: { companies: CompaniesRepository; audit: AuditTrail },
  admin: { id: string; username: string },
  companyId: string,
  decision: CompanyDecision,
): Promise<CompanyDoc> {
  const at = new Date().toISOString();
  const company = await deps.companies.update(companyId, (current) => decision.change(current, at));
  if (!company) throw notFound('Company not found');
  await decision.afterChange?.(company);
  const { action, details } = decision.audit(company);
  await deps.audit.recordBy(admin, action, { type: 'company', id: company._id }, details);
  await decision.notify(company, at);
  return company;
}
