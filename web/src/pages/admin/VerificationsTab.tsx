import { Badge, Text } from '@chakra-ui/react';
import { shortDateTime, tryAgainToasts, COMPANY_LISTS } from './adminApi';
import { ReviewQueue } from './ReviewQueue';
import { queryKeys } from '../../lib/queryKeys';

/** Owned listings not verified yet, free and paid, oldest first. */
export function VerificationsTab() {
  return (
    <ReviewQueue
      url="/api/admin/listing-verifications"
      failure="Failed to fetch listing verifications"
      affects={[...COMPANY_LISTS, queryKeys.admin('/api/admin/change-requests')]}
      toasts={{
        approve: tryAgainToasts('Listing verified', 'Error verifying listing', 'The owner was told by e-mail.'),
        reject: tryAgainToasts('Listing rejected', 'Error rejecting listing', 'The owner was told the reason by e-mail.'),
      }}
      title="Verifications"
      description="Owned listings not verified yet, free and paid, oldest first."
      empty="No listings waiting for verification."
      testId="listing-verification"
      badge={(v) => <Badge colorPalette={v.plan === 'paid' ? 'green' : 'gray'}>{v.plan === 'paid' ? 'Paid' : 'Free'}</Badge>}
      details={(v) => (
        <>
          <Text fontSize="sm" color="gray.700">
            {[v.city, v.state].filter(Boolean).join(', ') || 'No place given'} · {v.phone ?? 'no phone'} · {v.email ?? 'no e-mail'}
          </Text>
          <Text fontSize="sm" color="gray.700">
            Owner {v.ownerEmail ?? v.ownerId} · listed {shortDateTime(v.createdAt)}
          </Text>
        </>
      )}
      labels={{
        approve: (name) => `Approve ${name}`,
        reject: (name) => `Reject ${name}`,
        rejectTitle: (name) => `Reject ${name}?`,
        confirm: 'Reject Listing',
      }}
    />
  );
}
