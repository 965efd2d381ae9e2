import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ListingVerification } from '@limo/contracts';
import { Check, X } from 'lucide-react';
import { shortDateTime, useAdminAction, useAdminQuery } from './adminApi';
import { ConfirmButton, Empty, Panel, QueryState } from './ui';

const VERIFICATIONS = '/api/admin/listing-verifications';

export function VerificationsTab() {
  const queue = useAdminQuery<ListingVerification[]>(VERIFICATIONS, 'Failed to fetch listing verifications');
  const affects = [[VERIFICATIONS], ['/api/admin/companies'], ['/api/companies'], ['/api/admin/change-requests']];
  const approve = useAdminAction(
    (companyId: string) => ({ method: 'POST', url: `${VERIFICATIONS}/${encodeURIComponent(companyId)}/approve`, body: {} }),
    {
      success: { title: 'Listing verified', description: 'The owner was told by e-mail.' },
      error: { title: 'Error verifying listing', fallback: 'Please try again' },
    },
    affects,
  );
  const reject = useAdminAction(
    ({ companyId, reason }: { companyId: string; reason: string }) => ({
      method: 'POST',
      url: `${VERIFICATIONS}/${encodeURIComponent(companyId)}/reject`,
      body: { reason },
    }),
    {
      success: { title: 'Listing rejected', description: 'The owner was told the reason by e-mail.' },
      error: { title: 'Error rejecting listing', fallback: 'Please try again' },
    },
    affects,
  );
  const busy = approve.isPending || reject.isPending;
  return (
    <Panel title="Verifications" description="Owned listings not verified yet, free and paid, oldest first.">
      <QueryState isLoading={queue.isLoading} error={queue.error}>
        {queue.data?.length ? (
          <Stack as="ul" gap="3" listStyleType="none">
            {queue.data.map((v) => (
              <Box as="li" key={v.companyId} borderWidth="1px" rounded="md" p="4" data-testid="listing-verification">
                <HStack justify="space-between" align="start" wrap="wrap" gap="3">
                  <Box>
                    <HStack gap="2">
                      <Text fontWeight="semibold">{v.companyName}</Text>
                      <Badge colorPalette={v.plan === 'paid' ? 'green' : 'gray'}>{v.plan === 'paid' ? 'Paid' : 'Free'}</Badge>
                    </HStack>
                    <Text fontSize="sm" color="gray.700">
                      {[v.city, v.state].filter(Boolean).join(', ') || 'No place given'} · {v.phone ?? 'no phone'} ·{' '}
                      {v.email ?? 'no e-mail'}
                    </Text>
                    <Text fontSize="sm" color="gray.700">
                      Owner {v.ownerEmail ?? v.ownerId} · listed {shortDateTime(v.createdAt)}
                    </Text>
                  </Box>
                  <HStack gap="2">
                    <Button
                      size="xs"
                      colorPalette="brand"
                      disabled={busy}
                      onClick={() => approve.mutate(v.companyId)}
                      aria-label={`Approve ${v.companyName}`}
                    >
                      <Check aria-hidden="true" /> Approve
                    </Button>
                    {/* Reject with a reason (required: the owner is told it). */}
                    <ConfirmButton
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      disabled={busy}
                      aria-label={`Reject ${v.companyName}`}
                      title={`Reject ${v.companyName}?`}
                      reason={{ label: 'Reason (sent to the owner)', missing: 'Please give a reason' }}
                      confirmLabel="Reject Listing"
                      onConfirm={(reason) => reject.mutate({ companyId: v.companyId, reason })}
                    >
                      <X aria-hidden="true" /> Reject
                    </ConfirmButton>
                  </HStack>
                </HStack>
              </Box>
            ))}
          </Stack>
        ) : (
          <Empty>No listings waiting for verification.</Empty>
        )}
      </QueryState>
    </Panel>
  );
}
