import { Alert, Badge, Button, HStack, Input, Progress, SimpleGrid, Stack } from '@chakra-ui/react';
import type { AuditVerificationResponse, PopulateResponse } from '@limo/contracts';
import { Database, KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { useAdminAction, useAdminQuery, COMPANY_LISTS } from './adminApi';
import { ConfirmButton, Panel } from './ui';
import { auditVerification, populateDatabase } from '../../lib/client/admin';
import { perform } from '../../lib/client/http';
import { queryKeys } from '../../lib/queryKeys';

const KEYS = '/api/admin/api-keys';
const KEY_FIELDS = [
  { name: 'stripeSecretKey', label: 'Payment secret key', placeholder: 'sk_live_…' },
  { name: 'stripePublicKey', label: 'Payment public key', placeholder: 'pk_live_…' },
  { name: 'googleMapsApiKey', label: 'Maps key', placeholder: 'AIza…' },
] as const;
type KeyName = (typeof KEY_FIELDS)[number]['name'];

function ApiKeysPanel() {
  const current = useAdminQuery(KEYS, 'Failed to fetch API keys');
  const [values, setValues] = useState<Record<KeyName, string>>({ stripeSecretKey: '', stripePublicKey: '', googleMapsApiKey: '' });
  const save = useAdminAction(
    (body: Record<KeyName, string>) => perform('POST', KEYS, body),
    {
      success: { title: 'API Keys Saved', description: 'The new keys are in use.' },
      error: { title: 'Error', fallback: 'Failed to save API keys. Please try again.' },
    },
    [[KEYS]],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only the keys typed are sent: an empty field keeps the stored key.
    save.mutate(values, { onSuccess: () => setValues({ stripeSecretKey: '', stripePublicKey: '', googleMapsApiKey: '' }) });
  };
  return (
    <Panel
      title="API Keys"
      description="Stored encrypted and never shown whole. Leave a field empty to keep the key you have."
      actions={
        current.data?.provider ? (
          <Badge colorPalette={current.data.provider === 'stripe' ? 'green' : 'yellow'}>
            Payments: {current.data.provider === 'stripe' ? 'Stripe' : 'test mode (simulator)'}
          </Badge>
        ) : undefined
      }
    >
      <Stack asChild gap="4">
        <form onSubmit={submit} aria-label="API keys" noValidate>
          {KEY_FIELDS.map((f) => {
            const stored = current.data?.[f.name];
            return (
              <FormField
                key={f.name}
                label={f.label}
                helper={
                  current.isLoading ? 'Loading…' : stored ? `Current: ${stored}` : current.error ? 'Current key unavailable' : 'Not set'
                }
              >
                <Input
                  type="password"
                  autoComplete="off"
                  placeholder={stored ?? f.placeholder}
                  value={values[f.name]}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  data-testid={`key-${f.name}`}
                />
              </FormField>
            );
          })}
          <HStack>
            <Button type="submit" colorPalette="brand" disabled={save.isPending || Object.values(values).every((v) => v.trim() === '')}>
              <KeyRound aria-hidden="true" /> {save.isPending ? 'Saving...' : 'Save API Keys'}
            </Button>
          </HStack>
        </form>
      </Stack>
    </Panel>
  );
}

function PopulatePanel() {
  const [result, setResult] = useState<PopulateResponse | null>(null);
  const populate = useAdminAction(
    () => populateDatabase(),
    {
      success: (r) => ({
        title: 'Database Population Complete',
        description: `Added ${r.companiesAdded.toLocaleString('en-US')} companies across ${r.citiesProcessed} cities. Total companies: ${r.totalCompanies.toLocaleString('en-US')}.`,
      }),
      error: { title: 'Population Failed', fallback: 'Failed to populate the database. Please try again.' },
    },
    [...COMPANY_LISTS, queryKeys.admin('/api/admin/companies-by-state'), queryKeys.admin('/api/admin/stats')],
  );
  return (
    <Panel
      title="Database Population"
      description="Adds 100 companies in each of 19 major cities (1,900 in all). Companies already there are not added twice."
    >
      <Stack gap="4">
        <Button
          alignSelf="start"
          colorPalette="brand"
          disabled={populate.isPending}
          onClick={() => populate.mutate(undefined, { onSuccess: (r) => setResult(r) })}
        >
          <Database aria-hidden="true" /> {populate.isPending ? 'Populating...' : 'Populate Database'}
        </Button>
        {populate.isPending && (
          <Progress.Root value={null} colorPalette="brand" aria-label="Populating the database">
            <Progress.Label mb="2">Adding companies city by city… this can take a minute.</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {result && !populate.isPending && (
          <Alert.Root status="success" data-testid="populate-result">
            <Alert.Indicator />
            <Alert.Title>
              Added {result.companiesAdded.toLocaleString('en-US')} companies across {result.citiesProcessed} cities;{' '}
              {result.totalCompanies.toLocaleString('en-US')} companies in all.
            </Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Panel>
  );
}

function AuditPanel() {
  const [result, setResult] = useState<AuditVerificationResponse | null>(null);
  const audit = useAdminAction(
    () => auditVerification(),
    {
      success: (r) => ({
        title: 'Verification audit completed',
        description: `Fixed ${r.fixed} out of ${r.total} companies that were improperly verified.`,
      }),
      error: { title: 'Error running audit', fallback: 'Please try again' },
    },
    COMPANY_LISTS,
  );
  return (
    <Panel
      title="Verification Audit"
      description="Removes the verified badge from companies that no approved claim or admin decision backs."
    >
      <Stack gap="4">
        <ConfirmButton
          alignSelf="start"
          colorPalette="brand"
          disabled={audit.isPending}
          title="Run the verification audit?"
          description="Verified companies without an approved claim or an admin's decision lose their verified badge."
          confirmLabel="Run Audit"
          onConfirm={() => audit.mutate(undefined, { onSuccess: (r) => setResult(r) })}
        >
          <ShieldCheck aria-hidden="true" /> {audit.isPending ? 'Running audit...' : 'Run Verification Audit'}
        </ConfirmButton>
        {result && (
          <Alert.Root status="info" data-testid="audit-result">
            <Alert.Indicator />
            <Alert.Title>
              Last audit: {result.fixed} of {result.total} verified companies had nothing backing the badge and lost it.
            </Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Panel>
  );
}

/** Tab 8 (§2.9): API key configuration, database population, verification audit. */
export function SettingsTab() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <ApiKeysPanel />
      <Stack gap="6">
        <PopulatePanel />
        <AuditPanel />
      </Stack>
    </SimpleGrid>
  );
}
