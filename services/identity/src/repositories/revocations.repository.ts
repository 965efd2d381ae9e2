import { revokedSessionKey, sessionsValidAfterKey, type Cache, type Collection, type DocumentStore } from '@limo/platform';

/**
 * A revocation as the identity store keeps it: the cache key every service checks (see
 * `isSessionVoid`), its value, and when it stops mattering (the revoked tokens have expired).
 */
export interface RevocationDoc {
  /** The cache key: `session:revoked:<sessionId>` or `session:valid-after:<userId>`. */
  _id: string;
  value: boolean | number;
  /** Epoch ms after which no token it voids is valid anyway. */
  expiresAt: number;
}

/**
 * Logout and password-reset revocations, kept in identity's store so they survive a restart of any
 * process (the cache that services check is in memory in the embedded profile, and Redis runs without
 * persistence here). Written to the store first, then to the cache; `restore()` puts the unexpired
 * ones back into the cache at start-up and periodically (a flushed Redis).
 */
export class RevocationsRepository {
  private constructor(
    private readonly revocations: Collection<RevocationDoc>,
    private readonly cache: Cache,
  ) {}

  static async create(store: DocumentStore, cache: Cache): Promise<RevocationsRepository> {
    return new RevocationsRepository(await store.collection<RevocationDoc>('session_revocations', [{ fields: { expiresAt: 1 } }]), cache);
  }

  /** Ends one session (logout) until its token would have expired. */
  revokeSession(sessionId: string, expiresAt: number): Promise<void> {
    return this.put(revokedSessionKey(sessionId), true, expiresAt);
  }

  /** Voids every session of the user signed before `at` (password reset), for the sessions' lifetime. */
  voidSessionsBefore(userId: string, at: number, ttlMs: number): Promise<void> {
    return this.put(sessionsValidAfterKey(userId), at, at + ttlMs);
  }

  /** Writes every unexpired revocation back into the cache and drops the expired ones; returns how many. */
  async restore(now = Date.now()): Promise<number> {
    await this.revocations.deleteMany({ expiresAt: { $lte: now } });
    const live = await this.revocations.find({ expiresAt: { $gt: now } });
    for (const r of live) await this.cache.set(r._id, r.value, Math.max(1000, r.expiresAt - now));
    return live.length;
  }

  private async put(key: string, value: boolean | number, expiresAt: number): Promise<void> {
    await this.revocations.updateOne({ _id: key }, { $set: { value, expiresAt } }, { upsert: true });
    await this.cache.set(key, value, Math.max(1000, expiresAt - Date.now()));
  }
}
