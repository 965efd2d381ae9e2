import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { companySnapshotSchema, type CompanySnapshot } from '@limo/contracts';
import { INTERNAL_HEADER, reconciliationRepaired, reconciliationRuns, type Logger } from '@limo/platform';
import type { CompaniesRepository } from '../repositories/companies.repository.js';

/** One page of the directory's companies, by id (directory's `/internal/company-snapshots`). */
export interface SnapshotPage {
  items: CompanySnapshot[];
  next: string | null;
}

/** Reads the directory's companies a page at a time. */
export type SnapshotSource = (after: string | null) => Promise<SnapshotPage>;

/** What one run found and repaired. */
export interface ReconciliationReport {
  /** Companies the directory has and the read-model had not (or held as deleted). */
  missing: number;
  /** Companies the read-model held at an older version. */
  stale: number;
  /** Companies the read-model held active that the directory no longer has. */
  extra: number;
  checked: number;
  ms: number;
}

const pageSchema = z.object({ items: z.array(companySnapshotSchema), next: z.string().nullable() });

/** The directory's internal route over HTTP, with the internal secret. */
export function httpSnapshotSource(directoryUrl: string, secret: string): SnapshotSource {
  return async (after) => {
    const url = new URL('/internal/company-snapshots', directoryUrl);
    if (after) url.searchParams.set('after', after);
    const res = await fetch(url, { headers: { [INTERNAL_HEADER]: secret }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`directory answered ${res.status} on ${url.pathname}`);
    return pageSchema.parse(await res.json());
  };
}

const READ_MODEL = 'quotes.companies';

/**
 * Makes quotes' read-model of companies converge to the directory's companies, whatever events were
 * lost (an embedded process killed between publish and consume, a topic trimmed, a consumer that
 * dead-lettered): every company the directory has is applied at its version (the same versioned
 * upsert the events use, so it never rolls a newer copy back), and a company the read-model holds
 * active but the directory no longer has is marked deleted.
 */
export class CompanyReconciliation {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly source: SnapshotSource,
    private readonly logger: Logger,
  ) {}

  /** One pass over every company; logs and counts what it repaired. */
  async run(): Promise<ReconciliationReport> {
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    // The clock moves past `startedAt` before any page is read: a company stored from here on carries
    // a later time than everything stored before the run (compared below, to the millisecond).
    await delay(2);
    const report: ReconciliationReport = { missing: 0, stale: 0, extra: 0, checked: 0, ms: 0 };
    const seen = new Set<string>();
    for (let after: string | null = null; ;) {
      const page: SnapshotPage = await this.source(after);
      const held = new Map((await this.companies.companies.find({ _id: { $in: page.items.map((c) => c.id) } })).map((d) => [d._id, d]));
      for (const snapshot of page.items) {
        seen.add(snapshot.id);
        const doc = held.get(snapshot.id);
        if (doc && doc.version >= snapshot.version) continue;
        if (!doc || !doc.active) report.missing++;
        else report.stale++;
        await this.companies.applySnapshot(snapshot, snapshot.createdAt);
      }
      report.checked += page.items.length;
      if (!page.next) break;
      after = page.next;
    }
    // Stored here by the time this run started and absent from the directory: deleted while its event
    // was lost. A company whose event arrived during the run may be missing from the pages read (its
    // id before the cursor) and must stay: judged by when this read-model stored it, not by its
    // listing time, which the directory's import and demo data set in the past.
    const storedBeforeRun = { $or: [{ storedAt: { $lte: startedAt } }, { storedAt: { $exists: false } }] };
    for (const doc of await this.companies.companies.find({ active: true, ...storedBeforeRun })) {
      if (seen.has(doc._id)) continue;
      report.extra++;
      await this.companies.applyDeleted(doc._id, doc.version + 1, new Date().toISOString());
    }
    report.ms = Date.now() - started;
    for (const kind of ['missing', 'stale', 'extra'] as const) {
      if (report[kind] > 0) reconciliationRepaired.inc({ read_model: READ_MODEL, kind }, report[kind]);
    }
    reconciliationRuns.inc({ read_model: READ_MODEL });
    const drift = report.missing + report.stale + report.extra;
    if (drift > 0)
      this.logger.warn({ readModel: READ_MODEL, ...report }, `reconciliation applied ${drift} companies the events had not (yet) brought`);
    else this.logger.info({ readModel: READ_MODEL, ...report }, 'reconciliation: read-model matches the directory');
    return report;
  }

  /**
   * Runs once the directory answers: retried with a doubling, jittered backoff (the directory may
   * start after quotes in the distributed profile) until it succeeds or `signal` aborts.
   */
  async runWhenReady(signal: AbortSignal, firstDelayMs = 0): Promise<ReconciliationReport | undefined> {
    let wait = 500;
    try {
      if (firstDelayMs > 0) await delay(firstDelayMs, undefined, { signal });
      for (;;) {
        try {
          return await this.run();
        } catch (err) {
          if (signal.aborted) return undefined;
          this.logger.warn({ err, readModel: READ_MODEL, retryInMs: wait }, 'reconciliation could not read the directory yet');
          await delay(wait * (0.5 + Math.random()), undefined, { signal });
          wait = Math.min(wait * 2, 30_000);
        }
      }
    } catch {
      // Aborted: the service is stopping.
      return undefined;
    }
  }
}
