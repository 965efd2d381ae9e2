import { Alert, Badge, Button, Card, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  credentialsBodySchema,
  type Credentials,
  type CredentialsBody,
  type CredentialsBodyInput,
  type OwnerCompany,
} from '@limo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Save, Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { expiryMonth } from '../../components/CredentialBadges';
import { FormField } from '../../components/FormField';
import { messageOf } from '../../lib/api';
import * as client from '../../lib/client/account';
import { queryKeys } from '../../lib/queryKeys';
import { applyServerErrors, todayIso } from '../../lib/forms';
import { showToast } from '../../lib/toast';

const FIELDS = ['usdotNumber', 'permitNumber', 'insuranceCarrier', 'insuranceExpiresOn'] as const;

const STATUS: Record<Credentials['status'], { label: string; palette: string }> = {
  none: { label: 'Not sent', palette: 'gray' },
  pending: { label: 'Pending verification', palette: 'orange' },
  verified: { label: 'Verified', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

const valuesOf = (c: Credentials | null | undefined): CredentialsBodyInput => ({
  usdotNumber: c?.usdotNumber ?? '',
  permitNumber: c?.permitNumber ?? '',
  insuranceCarrier: c?.insuranceCarrier ?? '',
  insuranceExpiresOn: c?.insuranceExpiresOn ?? '',
});

/** Details are stored: a certificate can be uploaded. */
const detailsSaved = (current: Credentials | null | undefined): boolean => !!current && current.status !== 'none';

/**
 * Credentials (issue 21): the owner's USDOT or permit number and insurance, the insurance
 * certificate, and where the admins' check stands. Verified, they show as the Licensed and Insured badges.
 */
export function CredentialsTab({ company }: { company: OwnerCompany }) {
  const queryClient = useQueryClient();
  const credentials = useQuery({
    queryKey: queryKeys.myCompanies.credentials(company.id),
    queryFn: ({ signal }) => client.credentials(company.id, signal),
  });
  const input = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CredentialsBodyInput, unknown, CredentialsBody>({
    resolver: zodResolver(credentialsBodySchema),
    defaultValues: valuesOf(undefined),
  });
  // The stored credentials arriving (or refetched) fill the fields the owner has not typed in: a slow
  // load never wipes what they are entering. Their own save or upload resets the whole form (`stored`).
  useEffect(() => reset(valuesOf(credentials.data), { keepDirtyValues: true }), [credentials.data, reset]);

  // What the owner's save or upload stored: cached as the credentials, and the whole form reset to it.
  const stored = (next: Credentials) => {
    queryClient.setQueryData(queryKeys.myCompanies.credentials(company.id), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.myCompanies.all(), exact: true });
    reset(valuesOf(next));
  };
  const save = useMutation({
    mutationFn: (body: CredentialsBody) => client.saveCredentials(company.id, body),
    onSuccess: (next) => {
      stored(next);
      showToast({
        title: 'Credentials saved',
        description: next.hasCertificate ? 'Our team will verify them within 1-2 business days.' : 'Now upload your insurance certificate.',
      });
    },
    onError: (error) => {
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Error saving credentials', description: messageOf(error, 'Please try again'), type: 'error' });
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => client.uploadCertificate(company.id, file),
    onSuccess: (next) => {
      stored(next);
      showToast({ title: 'Certificate uploaded', description: 'Our team will verify your credentials within 1-2 business days.' });
    },
    onError: (error) => showToast({ title: 'Upload failed', description: messageOf(error, 'Upload failed'), type: 'error' }),
  });

  const current = credentials.data;
  const saved = detailsSaved(current);
  const status = STATUS[current?.status ?? 'none'];
  return (
    <Card.Root>
      <Card.Body gap="5">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h3" size="lg">
            Credentials
          </Heading>
          <Badge colorPalette={status.palette} size="lg" data-testid="credentials-status">
            {status.label}
          </Badge>
        </Flex>
        <Text color="gray.700" maxW="3xl">
          Customers look for licensed and insured operators. Enter your USDOT or state/city permit number and your insurance, and upload the
          insurance certificate (PDF or image): once our team verifies them, your listing shows the Licensed and Insured badges. The
          certificate is private: only you and our team can open it.
        </Text>
        {current?.status === 'rejected' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your credentials were not verified</Alert.Title>
              <Alert.Description>
                Reason: {current.rejectionReason ?? 'not given'}. Correct them or upload a new certificate.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {current?.status === 'verified' && current.insuranceExpiresOn && (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>Verified: your listing shows Licensed and Insured · until {expiryMonth(current.insuranceExpiresOn)}.</Alert.Title>
          </Alert.Root>
        )}
        <Stack asChild gap="4">
          <form noValidate aria-label="Credentials" onSubmit={handleSubmit((body) => save.mutate(body))}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="USDOT number" error={errors.usdotNumber?.message} helper="1 to 8 digits">
                <Input inputMode="numeric" {...register('usdotNumber')} />
              </FormField>
              <FormField label="State or city permit number" error={errors.permitNumber?.message}>
                <Input {...register('permitNumber')} />
              </FormField>
              <FormField label="Insurance carrier" required error={errors.insuranceCarrier?.message}>
                <Input {...register('insuranceCarrier')} />
              </FormField>
              <FormField label="Insurance expiry date" required error={errors.insuranceExpiresOn?.message}>
                <Input type="date" min={todayIso()} {...register('insuranceExpiresOn')} />
              </FormField>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
              <Save aria-hidden="true" /> Save credentials
            </Button>
          </form>
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium">Insurance certificate</Text>
          {current?.certificateUrl ? (
            <Link href={current.certificateUrl} target="_blank" rel="noopener" color="brand.700" alignSelf="start">
              <FileText size={16} aria-hidden="true" /> View the uploaded certificate
            </Link>
          ) : (
            <Text color="gray.700">{saved ? 'No certificate uploaded yet.' : 'No certificate uploaded yet. Save your details first.'}</Text>
          )}
          <Input
            ref={input}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-label="Choose a certificate"
            display="none"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate(file);
            }}
          />
          <Button variant="outline" alignSelf="start" onClick={() => input.current?.click()} disabled={!saved || upload.isPending}>
            <Upload aria-hidden="true" /> {upload.isPending ? 'Uploading...' : 'Upload certificate'}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
