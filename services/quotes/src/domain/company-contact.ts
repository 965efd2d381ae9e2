import type { ResponseTime } from '@limo/contracts';

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
  /** The directory's version of the company this document reflects. */
  version: number;
  /** False once the company was deleted; the document stays as a tombstone so no older event revives it. */
  active: boolean;
  /** Median response time, kept here with the event that publishes it. */
  responseTime: ResponseTime | null;
}
