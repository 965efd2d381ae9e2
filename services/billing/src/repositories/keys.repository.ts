import type { Collection, DocumentStore } from '@limo/platform';
import { KEY_FIELDS, type KeyField, type ProviderKeys } from '../domain/provider-keys.js';
import type { SecretBox } from '../keys/secret-box.js';

/** The provider keys an admin saved: each sealed with AES-GCM, null when not set. */
interface KeysDoc {
  _id: 'provider-keys';
  stripeSecretKey: string | null;
  stripePublicKey: string | null;
  stripeWebhookSecret: string | null;
  googleMapsApiKey: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

/** Stored provider keys, encrypted at rest; decrypted only in memory. */
export class KeysRepository {
  private constructor(
    private readonly docs: Collection<KeysDoc>,
    private readonly box: SecretBox,
  ) {}

  static async create(store: DocumentStore, box: SecretBox): Promise<KeysRepository> {
    return new KeysRepository(await store.collection<KeysDoc>('settings'), box);
  }

  /** The saved keys in clear (null fields when none were saved or one cannot be decrypted). */
  async read(): Promise<ProviderKeys> {
    const doc = await this.docs.findOne({ _id: 'provider-keys' });
    const open = (field: KeyField): string | null => {
      const sealed = doc?.[field];
      if (!sealed) return null;
      try {
        return this.box.open(sealed, field);
      } catch {
        return null;
      }
    };
    return {
      stripeSecretKey: open('stripeSecretKey'),
      stripePublicKey: open('stripePublicKey'),
      stripeWebhookSecret: open('stripeWebhookSecret'),
      googleMapsApiKey: open('googleMapsApiKey'),
      updatedAt: doc?.updatedAt ?? null,
    };
  }

  /** Saves the given fields (a string replaces, null removes, undefined keeps), in one write. */
  async save(changes: Partial<Record<KeyField, string | null>>, by: string): Promise<void> {
    const set: Record<string, unknown> = { updatedAt: new Date().toISOString(), updatedBy: by };
    for (const field of KEY_FIELDS) {
      const value = changes[field];
      if (value === undefined) continue;
      set[field] = value === null ? null : this.box.seal(value, field);
    }
    await this.docs.updateOne({ _id: 'provider-keys' }, { $set: set }, { upsert: true });
  }
}
