import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { CredentialVerification } from '@limo/contracts';
import { Check, FileText, X } from 'lucide-react';
import { shortDateTime, useAdminAction, useAdminQuery } from './adminApi';
import { ConfirmButton, Empty, Panel, QueryState } from './ui';

const CREDENTIALS = '/api/admin/credential-verifications';

/** The credentials queue (issue 21): licence and insurance sent with a certificate, oldest first. */
export function CredentialsTab() {
  const queue = useAdminQuery<CredentialVerification[]>(CREDENTIALS, 'Failed to fetch credential verifications');
  const affects = [[CREDENTIALS], ['/api/admin/companies'], ['/api/companies']];
  const approve = useAdminAction(
    (companyId: string) => ({ method: 'POST', url: `${CREDENTIALS}/${encodeURIComponent(companyId)}/approve`, body: {} }),
    {
      success: { title: 'Credentials verified', description: 'The Licensed and Insured badges show; the owner was told by e-mail.' },
      error: { title: 'Error verifying credentials', fallback: 'Please try again' },
    },
    affects,
  );
  const reject = useAdminAction(
    ({ companyId, reason }: { companyId: string; reason: string }) => ({
      method: 'POST',
      url: `${CREDENTIALS}/${encodeURIComponent(companyId)}/reject`,
      body: { reason },
    }),
    {
      success: { title: 'Credentials rejected', description: 'The owner was told the reason by e-mail.' },
      error: { title: 'Error rejecting credentials', fallback: 'Please try again' },
    },
    affects,
  );
  const busy = approve.isPending || reject.isPending;
  return (
    <Panel title="Credentials" description="Licences and insurance sent with a certificate, waiting for a check, oldest first.">
      <QueryState isLoading={queue.isLoading} error={queue.error}>
        {queue.data?.length ? (
          <Stack as="ul" gap="3" listStyleType="none">
            {queue.data.map((v) => (
              <Box as="li" key={v.companyId} borderWidth="1px" rounded="md" p="4" data-testid="credential-verification">
                <HStack justify="space-between" align="start" wrap="wrap" gap="3">
                  <Box>
                    <HStack gap="2">
                      <Text fontWeight="semibold">{v.companyName}</Text>
                      <Badge colorPalette="orange">Pending</Badge>
                    </HStack>
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
                  </Box>
                  <HStack gap="2">
                    <Button
                      size="xs"
                      colorPalette="brand"
                      disabled={busy}
                      onClick={() => approve.mutate(v.companyId)}
                      aria-label={`Approve credentials of ${v.companyName}`}
                    >
                      <Check aria-hidden="true" /> Approve
                    </Button>
                    <ConfirmButton
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      disabled={busy}
                      aria-label={`Reject credentials of ${v.companyName}`}
                      title={`Reject the credentials of ${v.companyName}?`}
                      reason={{ label: 'Reason (sent to the owner)', missing: 'Please give a reason' }}
                      confirmLabel="Reject Credentials"
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
          <Empty>No credentials waiting for verification.</Empty>
        )}
      </QueryState>
    </Panel>
  );
}
