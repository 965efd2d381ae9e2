import type { CompanyResponsivenessV1, ResponseTime } from '@limo/contracts';

/** Quotes' read-model of one company, fed by directory's company events: who to mail, where, whose. */
export interface CompanyContactDoc {
  /** The company id. */
  _id: string;
  name: string;
  email: string | null;
  businessEmail: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  /** `cityKey(city, state)`, for matching a city-wide request by name. */
  cityKey: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  userId: string | null;
  /** The earliest event time seen for the company: its listing time, for "the owner's first company". */
  listedAt: string;
  /**
   * When this read-model first stored the company, by quotes' clock (absent on documents stored
   * before the field existed). Unlike `listedAt` (the directory's creation time, which imported or
   * demo companies backdate), it tells a reconciliation run which companies arrived while it ran.
   */
  storedAt?: string;
  /** The directory's version of the company this document reflects. */
  version: number;
  /** False once the company was deleted; the document stays as a tombstone so no older event revives it. */
  active: boolean;
  /** Median response time, kept here with the event that publishes it. */
  responseTime: ResponseTime | null;
  /** Responsiveness over the last 30 days, kept with the event that publishes it (absent on older documents). */
  responsiveness?: Omit<CompanyResponsivenessV1['data'], 'companyId'> | null;
  /** What a city-wide request is matched on (absent on documents of older events). */
  verifiedOwner?: boolean;
  services?: string[];
  vehicleTypes?: string[];
  rating?: number;
  reviewCount?: number;
}

/** Whether a request can reach the company: an e-mail address, or an owner's dashboard. */
export const isReachable = (c: CompanyContactDoc): boolean => Boolean(c.businessEmail || c.email || c.userId);
