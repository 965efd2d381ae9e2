// The stored shape of a company's credentials, apart from their rules (credentials.ts), so the company
// document (company.ts) can name it without a module cycle.

/** The credentials an owner sent and an admin verifies (the licence and the insurance). */
interface CredentialFields {
  usdotNumber: string | null;
  permitNumber: string | null;
  insuranceCarrier: string;
  /** yyyy-MM-dd, the last day the insurance runs. */
  insuranceExpiresOn: string;
}

/** The uploaded insurance certificate; its bytes are in the blob store under `key` (never served by /api/images). */
interface CertificateRef {
  key: string;
  contentType: string;
  bytes: number;
  uploadedAt: string;
}

/** A company's credentials as the directory stores them (on the company, `credentials`). */
export interface CredentialsDoc extends CredentialFields {
  certificate: CertificateRef | null;
  /** pending: sent, waiting for an admin (in the queue once a certificate is uploaded). */
  status: 'pending' | 'verified' | 'rejected';
  submittedAt: string;
  /** The admin's last decision. */
  decision: { by: string; at: string; reason: string | null } | null;
  /** What an admin verified last: the badges come from it, and stay while a newer submission waits. */
  verified: (CredentialFields & { at: string; by: string }) | null;
  /** The expiry date whose 30-day reminder was mailed (once per expiry date). */
  reminderSentFor: string | null;
  /** The expiry date whose lapse was recorded (the company re-indexed without the insured badge). */
  lapsedFor: string | null;
}
