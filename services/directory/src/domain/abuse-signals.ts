import type { AbuseSignal } from '@limo/contracts';
import type { ReviewDoc } from './review.js';

/** Reviews of one company within this window of each other count towards a burst. */
const BURST_WINDOW_MS = 60 * 60 * 1000;
/** Reviews of one company within the window (this one included) that make a burst. */
const BURST_MIN_REVIEWS = 3;
/** A comment shorter than this (after trimming; none counts as empty) is "very short". */
const SHORT_TEXT_CHARS = 20;

type Signalled = Pick<ReviewDoc, '_id' | 'companyId' | 'comment' | 'createdAt' | 'ipHash' | 'deviceHash'>;

const sameValue = (a: string | null | undefined, b: string | null | undefined) => Boolean(a) && a === b;
const sameClient = (a: Signalled, b: Signalled) => sameValue(a.ipHash, b.ipHash) || sameValue(a.deviceHash, b.deviceHash);

/**
 * The abuse signals of each target review, by id, from the reviews related to them (`related`: every
 * review of their companies and every review from the same address or device; the targets may be
 * among them). `cityOf` gives a company's city key (null when unknown): a reviewer of a competitor
 * is one whose address or device also reviewed another company of the same city.
 */
export function abuseSignalsOf(
  targets: readonly Signalled[],
  related: readonly Signalled[],
  cityOf: (companyId: string) => string | null,
): Map<string, AbuseSignal[]> {
  const out = new Map<string, AbuseSignal[]>();
  for (const review of targets) {
    const others = related.filter((o) => o._id !== review._id);
    const ofCompany = others.filter((o) => o.companyId === review.companyId);
    const at = Date.parse(review.createdAt);
    const signals: AbuseSignal[] = [];
    if (ofCompany.some((o) => sameValue(o.ipHash, review.ipHash))) signals.push('same-address');
    if (ofCompany.some((o) => sameValue(o.deviceHash, review.deviceHash))) signals.push('same-device');
    const near = ofCompany.filter((o) => Math.abs(Date.parse(o.createdAt) - at) <= BURST_WINDOW_MS).length;
    if (near + 1 >= BURST_MIN_REVIEWS) signals.push('burst');
    if ((review.comment ?? '').trim().length < SHORT_TEXT_CHARS) signals.push('short-text');
    const city = cityOf(review.companyId);
    if (city !== null && others.some((o) => o.companyId !== review.companyId && sameClient(o, review) && cityOf(o.companyId) === city)) {
      signals.push('competitor-reviewer');
    }
    out.set(review._id, signals);
  }
  return out;
}

/** The key two companies of the same city share. */
export const cityKey = (c: { city: string | null; state: string | null }): string | null =>
  c.city ? `${c.city.trim().toLowerCase()}|${(c.state ?? '').trim().toUpperCase()}` : null;
