import type { CompanyResponsivenessV1, CompanyResponseTimeV1, CompanySnapshot } from '@limo/contracts';
import { distanceMiles, type LatLng } from '@limo/geo';
import { applyVersioned, type Collection, type DocumentStore } from '@limo/platform';
import type { CompanyContactDoc } from '../domain/company-contact.js';
import { boundingBox, cityKey, SERVICE_RADIUS_MILES } from '../domain/places.js';
import type { ServiceArea } from '../domain/service-area.js';

/** The read-model of company contacts, and the queries quotes needs of it. */
export class CompaniesRepository {
  private constructor(readonly companies: Collection<CompanyContactDoc>) {}

  /** Opens the collection with the indexes the queries below use. */
  static async create(store: DocumentStore): Promise<CompaniesRepository> {
    const companies = await store.collection<CompanyContactDoc>('companies', [
      { fields: { userId: 1 } },
      { fields: { cityKey: 1 } },
      { fields: { latitude: 1 } },
    ]);
    return new CompaniesRepository(companies);
  }

  /**
   * Applies a created/updated snapshot unless the stored version is the same or newer (a replayed or
   * late event changes nothing). `listedAt` is the company's creation time: the owner's first company is the oldest.
   */
  async applySnapshot(snapshot: CompanySnapshot, listedAt: string): Promise<void> {
    const fields = {
      name: snapshot.name,
      email: snapshot.email,
      businessEmail: snapshot.businessEmail,
      phone: snapshot.phone,
      city: snapshot.city,
      state: snapshot.state,
      cityKey: cityKey(snapshot.city, snapshot.state) ?? null,
      zipCode: snapshot.zipCode,
      latitude: snapshot.latitude,
      longitude: snapshot.longitude,
      userId: snapshot.userId,
      version: snapshot.version,
      active: true,
      verifiedOwner: snapshot.verifiedOwner ?? false,
      services: snapshot.services ?? [],
      vehicleTypes: snapshot.vehicleTypes ?? [],
      rating: snapshot.rating ?? 0,
      reviewCount: snapshot.reviewCount ?? 0,
    };
    await this.applyVersioned(snapshot.id, snapshot.version, listedAt, fields, {
      ...fields,
      _id: snapshot.id,
      listedAt,
      storedAt: new Date().toISOString(),
      responseTime: null,
    });
  }

  /** Marks the company deleted at `version`; its quotes stay for the admin, no new ones are accepted. */
  async applyDeleted(id: string, version: number, occurredAt: string): Promise<void> {
    await this.applyVersioned(
      id,
      version,
      occurredAt,
      { version, active: false },
      {
        _id: id,
        name: '',
        email: null,
        businessEmail: null,
        phone: null,
        city: null,
        state: null,
        cityKey: null,
        zipCode: null,
        latitude: null,
        longitude: null,
        userId: null,
        listedAt: occurredAt,
        storedAt: new Date().toISOString(),
        version,
        active: false,
        responseTime: null,
      },
    );
  }

  /** A company that exists (not deleted), or null. */
  findActive(id: string): Promise<CompanyContactDoc | null> {
    return this.companies.findOne({ _id: id, active: true });
  }

  /** Owner-admin side §2.10: the user's first company, the one listed earliest. */
  /** The owner's active company `companyId`, or null when it is not theirs. */
  ownedBy(userId: string, companyId: string): Promise<CompanyContactDoc | null> {
    return this.companies.findOne({ _id: companyId, userId, active: true });
  }

  async firstOwnedBy(userId: string): Promise<CompanyContactDoc | null> {
    const [first] = await this.companies.find({ userId, active: true }, { sort: { listedAt: 1, _id: 1 }, limit: 1 });
    return first ?? null;
  }

  /**
   * The companies serving an area: those listed in the same city and state, plus those whose
   * coordinates lie within {@link SERVICE_RADIUS_MILES} of its centre. Ordered by name.
   */
  async serving(area: ServiceArea): Promise<CompanyContactDoc[]> {
    const found = new Map<string, CompanyContactDoc>();
    if (area.cityKey) {
      for (const c of await this.companies.find({ cityKey: area.cityKey, active: true })) found.set(c._id, c);
    }
    if (area.center) {
      const center = area.center;
      for (const c of await this.activeWithCoordinatesNear(center, SERVICE_RADIUS_MILES)) {
        if (
          c.latitude !== null &&
          c.longitude !== null &&
          distanceMiles(center, { latitude: c.latitude, longitude: c.longitude }) <= SERVICE_RADIUS_MILES
        ) {
          found.set(c._id, c);
        }
      }
    }
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  }

  /**
   * The active companies with coordinates inside the box around `center` holding every point within
   * `miles` (corners included: callers measure distances themselves), or all of them for `Infinity`.
   */
  activeWithCoordinatesNear(center: LatLng, miles: number): Promise<CompanyContactDoc[]> {
    if (!Number.isFinite(miles)) return this.companies.find({ active: true, latitude: { $ne: null }, longitude: { $ne: null } });
    const box = boundingBox(center, miles);
    return this.companies.find({
      latitude: { $gte: box.minLat, $lte: box.maxLat },
      longitude: { $gte: box.minLon, $lte: box.maxLon },
      active: true,
    });
  }

  /** The active companies listed without coordinates (known by their city's name only). */
  activeWithoutCoordinates(): Promise<CompanyContactDoc[]> {
    return this.companies.find({ active: true, $or: [{ latitude: null }, { longitude: null }] });
  }

  /** Stores the company's new median response time together with the event announcing it. */
  async setResponseTime(companyId: string, event: CompanyResponseTimeV1): Promise<void> {
    const { medianMinutes, sampleSize, computedAt } = event.data;
    await this.companies.updateOne(
      { _id: companyId },
      { $set: { responseTime: { medianMinutes, sampleSize, computedAt } } },
      { events: [event] },
    );
  }

  /** Stores the company's responsiveness together with the event announcing it. */
  async setResponsiveness(event: CompanyResponsivenessV1): Promise<void> {
    const { companyId, ...responsiveness } = event.data;
    await this.companies.updateOne({ _id: companyId }, { $set: { responsiveness } }, { events: [event] });
  }

  /** Active companies whose last responsiveness counted leads (they may leave the window), a page after `after`. */
  withRecentLeads(after: string, limit: number): Promise<CompanyContactDoc[]> {
    return this.companies.find({ _id: { $gt: after }, active: true, 'responsiveness.leadCount': { $gt: 0 } }, { sort: { _id: 1 }, limit });
  }

  /** `listedAt` keeps the earliest time seen, whatever the versions' order. */
  private applyVersioned(
    id: string,
    version: number,
    occurredAt: string,
    fields: Partial<CompanyContactDoc>,
    whenNew: CompanyContactDoc,
  ): Promise<void> {
    const earliest = (current: CompanyContactDoc) => (occurredAt < current.listedAt ? occurredAt : current.listedAt);
    return applyVersioned(this.companies, {
      version,
      whenNew,
      fields: (current) => ({ ...fields, listedAt: earliest(current) }),
      whenCurrent: async (current) => {
        const listedAt = earliest(current);
        if (listedAt !== current.listedAt) await this.companies.updateOne({ _id: id }, { $set: { listedAt } });
      },
    });
  }
}
