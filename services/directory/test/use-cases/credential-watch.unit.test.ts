import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type Mailer } from '@limo/platform';
import { recordingLogger } from '@limo/platform/testing';
import { newCompanyDoc, type CompanyDoc } from '../../src/domain/company.js';
import type { CredentialsDoc } from '../../src/domain/credentials-doc.js';
import type { CompaniesRepository } from '../../src/repositories/companies.repository.js';
import { CredentialWatch } from '../../src/use-cases/credential-watch.js';
import { OwnerNotices } from '../../src/use-cases/owner-notices.js';
import { directoryWorld, type DirectoryWorld } from './support.js';

// The periodic check of verified insurance: the owner is mailed once, 30 days or fewer before the
// last day; the day after it the lapse is written on the company (search drops the Insured badge).

let w: DirectoryWorld;
beforeEach(async () => {
  w = await directoryWorld();
});

const fields = { usdotNumber: '1234567', permitNumber: null, insuranceCarrier: 'Acme Mutual' };

/** A company whose insurance an admin verified, running until `expiresOn` (`id` first in id order when given). */
function insured(expiresOn: string, extra: Partial<CredentialsDoc> = {}, id?: string): Promise<CompanyDoc> {
  if (id)
    return w.companies.insert({
      ...newCompanyDoc({ _id: id, name: 'Dana Limos', createdAt: '2026-01-01T00:00:00.000Z' }),
      ...credentialed(expiresOn, extra),
    });
  return w.company(credentialed(expiresOn, extra));
}

function credentialed(expiresOn: string, extra: Partial<CredentialsDoc>): Partial<CompanyDoc> {
  return {
    name: 'Dana Limos',
    businessEmail: 'desk@dana.example',
    credentials: {
      ...fields,
      insuranceExpiresOn: expiresOn,
      certificate: null,
      status: 'verified',
      submittedAt: '2026-01-01T00:00:00.000Z',
      decision: { by: 'admin-1', at: '2026-01-02T00:00:00.000Z', reason: null },
      verified: { ...fields, insuranceExpiresOn: expiresOn, at: '2026-01-02T00:00:00.000Z', by: 'admin-1' },
      reminderSentFor: null,
      lapsedFor: null,
      ...extra,
    },
  };
}

const logger = createLogger('silent');
const refusingMailer: Mailer = {
  send: () => Promise.reject(new Error('550 mailbox unavailable')),
  ping: async () => undefined,
  close: async () => undefined,
};

// Noon UTC on 1 December 2026: the day is 1 December in every US zone.
const now = new Date('2026-12-01T17:00:00Z');

describe('the insurance expiry check', () => {
  it('mails the owner once when the insurance ends in 30 days, not 31', async () => {
    const soon = await insured('2026-12-31');
    await insured('2027-01-01');
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 1, lapsed: 0 });
    expect(w.mails).toEqual([
      expect.objectContaining({
        to: 'desk@dana.example',
        subject: 'Dana Limos: your insurance expires on 2026-12-31',
        tag: 'insurance-expiring',
        idempotencyKey: `insurance-expiring:${soon._id}:2026-12-31`,
      }),
    ]);
    expect((await w.companies.findById(soon._id))?.credentials?.reminderSentFor).toBe('2026-12-31');
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 0, lapsed: 0 });
    expect(w.mails).toHaveLength(1);
  });

  it('reminds on the last day itself, and writes the lapse the day after, once', async () => {
    const company = await insured('2026-12-01', { reminderSentFor: '2026-12-01' });
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 0, lapsed: 0 });
    const lastDay = await insured('2026-12-01');
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 1, lapsed: 0 });
    expect((await w.companies.findById(lastDay._id))?.credentials?.reminderSentFor).toBe('2026-12-01');

    const dayAfter = new Date('2026-12-02T17:00:00Z');
    expect(await w.credentialWatch.run(dayAfter)).toEqual({ reminded: 0, lapsed: 2 });
    expect((await w.companies.findById(company._id))?.credentials?.lapsedFor).toBe('2026-12-01');
    expect(await w.credentialWatch.run(dayAfter)).toEqual({ reminded: 0, lapsed: 0 });
    expect(await w.events('company.updated.v1')).toHaveLength(3);
  });

  it('tells nobody when the listing has no address to mail, and skips companies without verified insurance', async () => {
    const silent = await insured('2026-12-15');
    await w.companies.update(silent._id, () => ({ businessEmail: null }));
    await w.company({ name: 'Uninsured' });
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 0, lapsed: 0 });
    expect(w.mails).toEqual([]);
    expect((await w.companies.findById(silent._id))?.credentials?.reminderSentFor).toBeNull();
  });

  it('goes on past a company whose reminder fails, and tries it again next time', async () => {
    const failing = await insured('2026-12-20');
    await insured('2026-11-30');
    const down = new CredentialWatch(w.companies, new OwnerNotices(w.changeRequests, refusingMailer, 'http://limo.test', logger), logger);
    expect(await down.run(now)).toEqual({ reminded: 0, lapsed: 1 });
    expect((await w.companies.findById(failing._id))?.credentials?.reminderSentFor).toBeNull();
    expect(await w.credentialWatch.run(now)).toEqual({ reminded: 1, lapsed: 0 });
  });

  it('notes nothing against an insurance renewed while its reminder or the lapse of another was under way', async () => {
    // Checked in id order: the reminder of "a" is mailed while an admin verifies new insurance for both.
    const reminded = await insured('2026-12-20', {}, 'a');
    const lapsing = await insured('2026-11-30', {}, 'b');
    const renewing: Mailer = {
      send: async () => {
        for (const c of [reminded, lapsing]) {
          await w.companies.update(c._id, (current) => ({
            credentials: { ...current.credentials!, verified: { ...current.credentials!.verified!, insuranceExpiresOn: '2027-12-31' } },
          }));
        }
        return { messageId: 'renewed' };
      },
      ping: async () => undefined,
      close: async () => undefined,
    };
    const watch = new CredentialWatch(w.companies, new OwnerNotices(w.changeRequests, renewing, 'http://limo.test', logger), logger);
    await watch.run(now);
    expect((await w.companies.findById(reminded._id))?.credentials).toMatchObject({ reminderSentFor: null, lapsedFor: null });
    expect((await w.companies.findById(lapsing._id))?.credentials).toMatchObject({ reminderSentFor: null, lapsedFor: null });
  });

  it('writes a lapse once when two instances of the service check at the same time', async () => {
    const lapsing = await insured('2026-11-30');
    const other = new CredentialWatch(w.companies, w.notices, logger);
    const reports = await Promise.all([w.credentialWatch.run(now), other.run(now)]);
    expect(reports.map((r) => r.lapsed)).toEqual([1, 1]);
    expect((await w.companies.findById(lapsing._id))?.credentials?.lapsedFor).toBe('2026-11-30');
    expect(await w.events('company.updated.v1')).toHaveLength(1);
  });

  it('logs a company whose check failed with its id, and one line of what a run did (none when it did nothing)', async () => {
    const refused = await insured('2026-11-30');
    await insured('2026-11-29');
    await insured('2026-12-20');
    const recording = recordingLogger();
    // The store refuses every write of one company (its lapse); the others' lapse and reminder go through.
    const update: CompaniesRepository['update'] = (id, build) =>
      id === refused._id ? Promise.reject(new Error('store down')) : w.companies.update(id, build);
    const store = Object.create(w.companies, { update: { value: update } }) as CompaniesRepository;
    const watch = new CredentialWatch(store, w.notices, recording);
    expect(await watch.run(now)).toEqual({ reminded: 1, lapsed: 1 });
    const lines = () =>
      recording.lines.map(({ level, message, fields }) => [level, message, level === 'error' ? fields.companyId : fields]);
    expect(lines()).toEqual([
      ['error', 'insurance expiry check failed for a company', refused._id],
      ['info', 'insurance expiry check', { reminded: 1, lapsed: 1, today: '2026-12-01' }],
    ]);
    expect(String(recording.lines[0]?.fields.err)).toBe('Error: store down');
    recording.lines.length = 0;
    // Again: the reminder and one lapse are written already, the other lapse still fails: only that is logged.
    expect(await watch.run(now)).toEqual({ reminded: 0, lapsed: 0 });
    expect(lines()).toEqual([['error', 'insurance expiry check failed for a company', refused._id]]);
  });

  it('runs once at a time: a second call joins the run under way', async () => {
    await insured('2026-12-20');
    const [a, b] = await Promise.all([w.credentialWatch.run(now), w.credentialWatch.run(now)]);
    expect(a).toEqual({ reminded: 1, lapsed: 0 });
    expect(b).toBe(a);
    expect(w.mails).toHaveLength(1);
  });
});
