import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ChangeRequest } from '@limo/contracts';
import { shortDateTime, useAdminQuery, tryAgainToasts, COMPANY_LISTS } from './adminApi';
import { ReviewButtons, useReviewDecisions } from './ReviewQueue';
import { Empty, Panel, QueryState, stackOnMobile } from './ui';
import { queryKeys } from '../../lib/queryKeys';
import { ColumnsTable } from '../../components/ColumnsTable';

const CHANGE_REQUESTS = '/api/admin/change-requests';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  phone: 'Phone',
  email: 'Email',
  businessEmail: 'Business email',
  website: 'Website',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  priceRange: 'Price range',
  services: 'Services',
  vehicleTypes: 'Vehicle types',
  hourlyRateStart: 'Hourly rate from',
  imageUrl: 'Image',
  seoKeywords: 'SEO keywords',
  seoTags: 'SEO tags',
  hours: 'Business hours',
  serviceArea: 'Service area',
  fleet: 'Fleet',
};

/** One part of a profile value (issue 21) as text: a vehicle, a day's hours, a city. */
function partText(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const o = value as Record<string, unknown>;
  if ('capacity' in o)
    return `${String(o.type)} (${String(o.capacity)} passengers${o.hourlyRate != null ? `, $${String(o.hourlyRate)}/hour` : ''})`;
  if ('open' in o) return `${String(o.open)}-${String(o.close)}`;
  if ('city' in o) return `${String(o.city)}, ${String(o.state)}`;
  return JSON.stringify(value);
}

/** A changed value as text; an empty one as "(empty)". */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length ? value.map(partText).join(', ') : '(empty)';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('radiusMiles' in o) return `Within ${String(o.radiusMiles)} miles`;
    if ('cities' in o) return changeValue(o.cities);
    // Business hours: each weekday's hours, or closed.
    return Object.entries(o)
      .map(([day, hours]) => `${day} ${hours ? partText(hours) : 'closed'}`)
      .join(', ');
  }
  return String(value);
}

function ChangeRequestItem({
  request,
  busy,
  onApprove,
  onReject,
}: {
  request: ChangeRequest;
  busy: boolean;
  onApprove(): void;
  onReject(): void;
}) {
  const fields = Object.keys(request.changes) as Array<keyof ChangeRequest['changes']>;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" data-testid="change-request">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3" mb="3">
        <Box>
          <Text fontWeight="semibold">{request.companyName}</Text>
          <Text fontSize="sm" color="gray.700">
            Requested by {request.requestedBy} · {shortDateTime(request.createdAt)}
          </Text>
          {request.stale && (
            <Text fontSize="sm" color="orange.700" role="status">
              The listing changed since this request; review it again.
            </Text>
          )}
        </Box>
        <ReviewButtons
          busy={busy}
          approve={{ label: `Approve the changes to ${request.companyName}`, disabled: request.stale === true, onClick: onApprove }}
          reject={{
            label: `Reject the changes to ${request.companyName}`,
            title: 'Reject these changes?',
            description: 'The listing stays as it is; the owner can send a new request.',
            confirmLabel: 'Reject Changes',
            onConfirm: onReject,
          }}
        />
      </HStack>
      <ColumnsTable bare css={stackOnMobile} columns={['Field', 'Now', 'At request', 'Requested']}>
        {fields.map((field) => (
          <Table.Row key={field}>
            <Table.Cell fontWeight="medium">{FIELD_LABELS[field] ?? field}</Table.Cell>
            <Table.Cell color="gray.700" overflowWrap="anywhere" data-label="Now">
              {changeValue((request.current ?? request.previous)[field])}
            </Table.Cell>
            <Table.Cell color="gray.700" overflowWrap="anywhere" data-label="At request">
              {changeValue(request.previous[field])}
            </Table.Cell>
            <Table.Cell overflowWrap="anywhere" data-label="Requested">
              {changeValue(request.changes[field])}
            </Table.Cell>
          </Table.Row>
        ))}
      </ColumnsTable>
    </Box>
  );
}

/** Owners' edits waiting for review (DESIGN: "Request Changes" gets a backend): approve applies them, reject drops them. */
export function ChangeRequestsTab() {
  const requests = useAdminQuery(CHANGE_REQUESTS, 'Failed to fetch change requests');
  const decide = useReviewDecisions(
    CHANGE_REQUESTS,
    {
      approve: tryAgainToasts('Change request approved', 'Error approving change request', 'The changes are now live on the listing.'),
      reject: tryAgainToasts('Change request rejected', 'Error rejecting change request', 'The listing stays as it was.'),
    },
    [queryKeys.admin(CHANGE_REQUESTS), ...COMPANY_LISTS],
  );
  return (
    <Panel
      title="Change Requests"
      description="Edits sent by owners whose business is not verified yet. Approving applies them to the listing."
    >
      <QueryState isLoading={requests.isLoading} error={requests.error}>
        {requests.data?.length ? (
          <Stack as="ul" gap="4" listStyleType="none">
            {requests.data.map((r) => (
              <ChangeRequestItem
                key={r.id}
                request={r}
                busy={decide.busy}
                onApprove={() => decide.approve(r.id)}
                onReject={() => decide.reject(r.id)}
              />
            ))}
          </Stack>
        ) : (
          <Empty>No change requests waiting.</Empty>
        )}
      </QueryState>
    </Panel>
  );
}
