import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { Ban, Download, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { messageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { Pagination } from '../home/Pagination';
import { downloadCompaniesExport, useAdminAction, useAdminQuery, useDebounced, tryAgainToasts, COMPANY_LISTS } from './adminApi';
import { CompanyFormDialog } from './CompanyFormDialog';
import { FIRST_COMPANY_PAGE } from './OverviewTab';
import { AdminTable, ConfirmButton, ListState, Panel, SearchField } from './ui';
import { perform } from '../../lib/client/http';
import { queryKeys } from '../../lib/queryKeys';

const COMPANIES = '/api/admin/companies';

function useCompanyActions() {
  const affects = [...COMPANY_LISTS, queryKeys.admin('/api/admin/companies-by-state')];
  const url = (id: string, action = '') => `${COMPANIES}/${encodeURIComponent(id)}${action}`;
  return {
    suspend: useAdminAction(
      (id: string) => perform('PUT', url(id, '/suspend'), {}),
      tryAgainToasts('Company suspended successfully!', 'Error suspending company'),
      affects,
    ),
    unsuspend: useAdminAction(
      (id: string) => perform('PUT', url(id, '/unsuspend'), {}),
      tryAgainToasts('Company unsuspended successfully!', 'Error unsuspending company'),
      affects,
    ),
    remove: useAdminAction(
      (id: string) => perform('DELETE', url(id)),
      tryAgainToasts('Company deleted successfully!', 'Error deleting company'),
      affects,
    ),
  };
}

function CompanyRow({
  company,
  actions,
  onEdit,
}: {
  company: OwnerCompany;
  actions: ReturnType<typeof useCompanyActions>;
  onEdit(): void;
}) {
  const busy = actions.suspend.isPending || actions.unsuspend.isPending || actions.remove.isPending;
  const c = company;
  return (
    <Table.Row data-testid="company-row">
      <Table.Cell minW="48">
        <RouterLink to={`/company/${c.id}`}>
          <Text as="span" fontWeight="medium" color="brand.700" textDecoration="underline">
            {c.name}
          </Text>
        </RouterLink>
        <Text fontSize="sm" color="gray.700">
          {[c.city, c.state].filter(Boolean).join(', ') || 'No location'}
        </Text>
      </Table.Cell>
      <Table.Cell fontSize="sm">
        <Text whiteSpace="nowrap">{c.phone ?? '—'}</Text>
        <Text color="gray.700" overflowWrap="anywhere">
          {c.email ?? ''}
        </Text>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" data-testid="company-rating" data-label="Rating">
        {c.reviewCount > 0 ? `${c.averageRating.toFixed(1)} (${c.reviewCount})` : 'No reviews'}
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={c.verified ? 'green' : c.suspended ? 'red' : 'gray'}>
            {c.verified ? 'Verified' : c.suspended ? 'Suspended' : 'Unverified'}
          </Badge>
          {c.featured && <Badge colorPalette="yellow">Featured</Badge>}
          {c.claimed && <Badge colorPalette="blue">Claimed</Badge>}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Edit ${c.name}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          {c.verified ? (
            <ConfirmButton
              size="xs"
              variant="outline"
              colorPalette="orange"
              disabled={busy}
              aria-label={`Suspend ${c.name}`}
              title={`Suspend ${c.name}?`}
              description="The company loses its verified badge and ranks lower in search until it is unsuspended."
              confirmLabel="Suspend"
              onConfirm={() => actions.suspend.mutate(c.id)}
            >
              <Ban aria-hidden="true" /> Suspend
            </ConfirmButton>
          ) : (
            <Button
              size="xs"
              variant="outline"
              colorPalette="green"
              disabled={busy}
              onClick={() => actions.unsuspend.mutate(c.id)}
              aria-label={`Unsuspend ${c.name}`}
            >
              <RotateCcw aria-hidden="true" /> Unsuspend
            </Button>
          )}
          <ConfirmButton
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            aria-label={`Delete ${c.name}`}
            title={`Delete ${c.name}?`}
            description="The company and all its reviews are removed permanently. This cannot be undone."
            confirmLabel="Delete Company"
            onConfirm={() => actions.remove.mutate(c.id)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </ConfirmButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** Tab 5 (§2.9): search (50 a page), create, edit, suspend/unsuspend, delete, export to a spreadsheet. */
export function CompaniesTab() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim(), 300);
  const params = search ? { search, page, limit: FIRST_COMPANY_PAGE.limit } : { ...FIRST_COMPANY_PAGE, page };
  const companies = useAdminQuery(COMPANIES, 'Failed to fetch admin companies', params);
  const actions = useCompanyActions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OwnerCompany | null>(null);
  const exporter = useMutation({
    mutationFn: downloadCompaniesExport,
    onSuccess: (name) => showToast({ title: 'Export Complete', description: `Companies exported to ${name}` }),
    onError: (error) =>
      showToast({ title: 'Export Failed', description: messageOf(error, 'Failed to export companies to Excel'), type: 'error' }),
  });

  useEffect(() => setPage(1), [search]);
  const total = companies.data?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / FIRST_COMPANY_PAGE.limit));

  return (
    <Panel
      title="Companies"
      description={companies.data ? `${total.toLocaleString('en-US')} ${search ? 'matching' : 'in the directory'}` : undefined}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => exporter.mutate()} disabled={exporter.isPending}>
            <Download aria-hidden="true" /> {exporter.isPending ? 'Exporting...' : 'Export to Excel'}
          </Button>
          <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Add Company
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Box maxW={{ md: 'md' }}>
          <SearchField label="Search companies" placeholder="Search by name, city, state, email or phone" value={text} onChange={setText} />
        </Box>
        <ListState
          isLoading={companies.isLoading}
          error={companies.error}
          items={companies.data?.companies}
          empty={search ? `No companies found matching "${search}".` : 'No companies yet.'}
        >
          {(list) => (
            <>
              <AdminTable columns={['Company', 'Contact', 'Rating', 'Status', 'Actions']}>
                {list.map((c) => (
                  <CompanyRow key={c.id} company={c} actions={actions} onEdit={() => setEditing(c)} />
                ))}
              </AdminTable>
              {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} />}
            </>
          )}
        </ListState>
      </Stack>
      {creating && <CompanyFormDialog open onClose={() => setCreating(false)} />}
      {editing && <CompanyFormDialog key={editing.id} company={editing} open onClose={() => setEditing(null)} />}
    </Panel>
  );
}
