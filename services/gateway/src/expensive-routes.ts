/**
 * What a request weighs against its client's per-minute budget of expensive work
 * (`EXPENSIVE_RATE_LIMIT_PER_MINUTE`, beside the general per-IP limit): 0 for a cheap one. Weighed
 * here: the claim search (a scan of every company's name, city, state and e-mail), a search page
 * larger than the home page's 15, and the admin's spreadsheet of every company. The heavier the page
 * asked for, the more it costs (1 per 25 companies, at least 1): one address cannot keep the shared
 * event loop busy with them while staying within its general allowance.
 */
export function requestCost(method: string, url: string): number {
  if (method !== 'GET' && method !== 'HEAD') return 0;
  const [path = '', query = ''] = url.split('?', 2);
  if (path === '/api/admin/export-companies') return 10;
  if (path !== '/api/all-companies' && path !== '/api/companies') return 0;
  const params = new URLSearchParams(query);
  const asked = Number(params.get('limit'));
  const fallback = path === '/api/all-companies' ? 12 : 15;
  // A limit the service will refuse (not a number, out of range) weighs as its largest page.
  const limit = !params.has('limit') ? fallback : Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : 100;
  if (path === '/api/companies' && limit <= 15) return 0;
  return Math.max(1, Math.ceil(limit / 25));
}

/**
 * How many expensive requests each client address has running at once. The per-minute budget bounds
 * an address's expensive work over a minute, but a burst inside it (200 at once) still arrives
 * together and queues everyone else behind it on the event loop; past `limit` running, a new one is
 * refused at once. Counted per process: concurrency is a property of the process doing the work.
 */
export class ExpensiveInFlight {
  private readonly running = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts one more running for `address` and true, or false (nothing counted) when it has `limit` running. */
  enter(address: string): boolean {
    const now = this.running.get(address) ?? 0;
    if (now >= this.limit) return false;
    this.running.set(address, now + 1);
    return true;
  }

  /** One of `address`'s requests ended (answered, failed or abandoned by the client). */
  leave(address: string): void {
    const now = this.running.get(address) ?? 0;
    if (now <= 1) this.running.delete(address);
    else this.running.set(address, now - 1);
  }
}
