import { Badge, Link, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { shortDateTime, tryAgainToasts, COMPANY_LISTS } from './adminApi';
import { ReviewQueue } from './ReviewQueue';

/** The credentials queue (issue 21): licence and insurance sent with a certificate, oldest first. */
export function CredentialsTab() {
  return (
    <ReviewQueue
      url="/api/admin/credential-verifications"
      failure="Failed to fetch credential verifications"
      affects={COMPANY_LISTS}
      toasts={{
        approve: tryAgainToasts(
          'Credentials verified',
          'Error verifying credentials',
          'The Licensed and Insured badges show; the owner was told by e-mail.',
        ),
        reject: tryAgainToasts('Credentials rejected', 'Error rejecting credentials', 'The owner was told the reason by e-mail.'),
      }}
      title="Credentials"
      description="Licences and insurance sent with a certificate, waiting for a check, oldest first."
      empty="No credentials waiting for verification."
      testId="credential-verification"
      badge={() => <Badge colorPalette="orange">Pending</Badge>}
      details={(v) => (
        <>
          <Text fontSize="sm" color="gray.700">
            USDOT {v.usdotNumber ?? '—'} · Permit {v.permitNumber ?? '—'}
          </Text>
          <Text fontSize="sm" color="gray.700">
            Insured by {v.insuranceCarrier} until {v.insuranceExpiresOn}
          </Text>
          <Text fontSize="sm" color="gray.700">
            {[v.city, v.state].filter(Boolean).join(', ') || 'No place given'} · owner {v.ownerEmail ?? 'unknown'} · sent{' '}
            {v.submittedAt ? shortDateTime(v.submittedAt) : '—'}
          </Text>
          {v.certificateUrl && (
            <Link href={v.certificateUrl} target="_blank" rel="noopener" fontSize="sm" color="brand.700">
              <FileText size={14} aria-hidden="true" /> View certificate of {v.companyName}
            </Link>
          )}
        </>
      )}
      labels={{
        approve: (name) => `Approve credentials of ${name}`,
        reject: (name) => `Reject credentials of ${name}`,
        rejectTitle: (name) => `Reject the credentials of ${name}?`,
        confirm: 'Reject Credentials',
      }}
    />
  );
}
