import { Badge, Table, Text } from '@chakra-ui/react';
import { dollars, shortDate, useAdminQuery } from './adminApi';
import { ReviewButtons, useReviewDecisions } from './ReviewQueue';
import { AdminTable, ListState, Panel } from './ui';
import { queryKeys } from '../../lib/queryKeys';

const CLAIMS = '/api/admin/business-claims';

/** Tab 2 (§2.9): pending claims with approve and reject; the server's message on error. */
export function ClaimsTab() {
  const claims = useAdminQuery(CLAIMS, 'Failed to fetch business claims', { status: 'pending' });
  const decide = useReviewDecisions(
    CLAIMS,
    {
      approve: {
        success: { title: 'Business claim approved successfully!' },
        error: { title: 'Error approving business claim', fallback: 'Failed to approve business claim' },
      },
      reject: {
        success: { title: 'Business claim rejected successfully!' },
        error: { title: 'Error rejecting business claim', fallback: 'Failed to reject business claim' },
      },
    },
    [queryKeys.admin(CLAIMS), queryKeys.admin('/api/admin/companies'), queryKeys.admin('/api/admin/stats')],
  );
  const pending = (claims.data ?? []).filter((c) => c.status === 'pending');

  return (
    <Panel
      title="Pending Business Claims"
      description="Owners who paid to claim a listing. Approving verifies the business and gives the owner full editing rights."
    >
      <ListState isLoading={claims.isLoading} error={claims.error} items={pending} empty="No pending business claims.">
        {(list) => (
          <AdminTable columns={['Company', 'Claimer', 'Email', 'Phone', 'Role', 'Payment', 'Date', 'Actions']}>
            {list.map((c) => (
              <Table.Row key={c.id} data-testid="claim-row">
                <Table.Cell fontWeight="medium">{c.companyName}</Table.Cell>
                <Table.Cell data-label="Claimer">{c.claimerName}</Table.Cell>
                <Table.Cell data-label="Email">
                  {c.claimerEmail}
                  {c.accountReview === 'email-of-another-account' && (
                    <Badge colorPalette="orange" display="block" mt="1" data-testid="claim-account-review">
                      E-mail of another account: not linked, paid signed out
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" data-label="Phone">
                  {c.claimerPhone}
                </Table.Cell>
                <Table.Cell data-label="Role">
                  <Badge textTransform="capitalize">{c.businessRole}</Badge>
                </Table.Cell>
                <Table.Cell data-label="Payment" data-testid="claim-payment">
                  {dollars(c.paymentAmount / 100)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" data-label="Date">
                  {shortDate(c.createdAt)}
                </Table.Cell>
                <Table.Cell>
                  <ReviewButtons
                    busy={decide.busy}
                    approve={{ label: `Approve the claim for ${c.companyName}`, onClick: () => decide.approve(c.id) }}
                    reject={{
                      label: `Reject the claim for ${c.companyName}`,
                      title: 'Reject this claim?',
                      description: (
                        <Text as="span">
                          {c.claimerName}&apos;s claim of {c.companyName} will be rejected and the listing stays unclaimed.
                        </Text>
                      ),
                      confirmLabel: 'Reject Claim',
                      onConfirm: () => decide.reject(c.id),
                    }}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </ListState>
    </Panel>
  );
}
