/** The provider keys an admin may save. */
export const KEY_FIELDS = ['stripeSecretKey', 'stripePublicKey', 'stripeWebhookSecret', 'googleMapsApiKey'] as const;
/** One of the provider keys. */
export type KeyField = (typeof KEY_FIELDS)[number];

/** The keys in clear, as the service uses them. */
export type ProviderKeys = Record<KeyField, string | null> & { updatedAt: string | null };

/** Where the admin's saved provider keys are read from (the keys repository). */
export interface SavedProviderKeys {
  /** The saved keys in clear (null fields when none were saved). */
  read(): Promise<ProviderKeys>;
}
