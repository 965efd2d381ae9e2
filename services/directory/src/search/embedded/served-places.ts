/**
 * Which companies serve which places (their service area, issue 21), by company id: ids rather than
 * slots, since a rebuild renumbers the slots.
 */
export class ServedPlaces {
  private readonly byPlace = new Map<string, Set<string>>();
  private readonly ofCompany = new Map<string, string[]>();

  /** Replaces the places `id` serves. */
  set(id: string, places: readonly string[]): void {
    this.remove(id);
    if (places.length === 0) return;
    this.ofCompany.set(id, [...places]);
    for (const place of places) {
      const ids = this.byPlace.get(place);
      if (ids) ids.add(id);
      else this.byPlace.set(place, new Set([id]));
    }
  }

  remove(id: string): void {
    for (const place of this.ofCompany.get(id) ?? []) {
      const ids = this.byPlace.get(place);
      ids?.delete(id);
      if (ids?.size === 0) this.byPlace.delete(place);
    }
    this.ofCompany.delete(id);
  }

  /** The ids of the companies serving `place`. */
  servers(place: string): ReadonlySet<string> {
    return this.byPlace.get(place) ?? new Set();
  }

  clear(): void {
    this.byPlace.clear();
    this.ofCompany.clear();
  }
}
