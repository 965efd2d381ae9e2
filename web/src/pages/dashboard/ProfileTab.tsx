import { Alert, Button, Card, Flex, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyUpdateBodySchema,
  normalizeList,
  normalizeService,
  normalizeVehicleType,
  type CompanyUpdateBody,
  type OwnerCompany,
} from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../components/FormField';
import { PriceRangeSelect } from '../../components/CompanySelects';
import { CityStateZipFields } from '../../components/CityStateZipFields';
import { VocabularyCheckboxes } from '../../components/TermCheckboxes';
import { messageOf } from '../../lib/api';
import { updateCompany } from '../../lib/client/account';
import { applyServerErrors, COMPANY_TEXT_FIELDS, plainTextValues } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { SubmitButton } from '../../components/SubmitButton';

type ProfileInput = z.input<typeof companyUpdateBodySchema>;

/** §9: the page reloads this long after a successful owner update. */
export const RELOAD_AFTER_UPDATE_MS = 1000;

const FIELDS = [...COMPANY_TEXT_FIELDS, 'services', 'vehicleTypes'];

function valuesOf(company: OwnerCompany): ProfileInput {
  return {
    ...plainTextValues(company),
    priceRange: company.priceRange ?? '',
    hourlyRateStart: company.hourlyRateStart === null ? '' : String(company.hourlyRateStart),
    services: normalizeList(company.services, normalizeService),
    vehicleTypes: normalizeList(company.vehicleTypes, normalizeVehicleType),
  };
}

/**
 * Edit Profile / Request Changes (owner-admin §2.10): read-only until Edit; a verified business
 * saves (then the page reloads after 1 s), an unverified one submits a change request (202).
 */
export function ProfileTab({
  company,
  verified,
  reload = () => window.location.reload(),
}: {
  company: OwnerCompany;
  verified: boolean;
  reload?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [requested, setRequested] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileInput, unknown, CompanyUpdateBody>({
    resolver: zodResolver(companyUpdateBodySchema),
    defaultValues: valuesOf(company),
    mode: 'onChange',
  });

  const save = useMutation({
    mutationFn: (body: CompanyUpdateBody) => updateCompany(company.id, body),
    onSuccess: ({ requested }) => {
      setEditing(false);
      if (requested) {
        setRequested(true);
        showToast({ title: 'Change Request Submitted', description: 'Our team will review your changes within 1-2 business days.' });
        return;
      }
      showToast({ title: 'Company information updated successfully!' });
      setTimeout(reload, RELOAD_AFTER_UPDATE_MS);
    },
    onError: (error) => {
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Error updating company', description: messageOf(error, 'Please try again'), type: 'error' });
    },
  });

  const err = (field: string) => (errors[field as keyof typeof errors] as { message?: string } | undefined)?.message;
  const readOnly = !editing;

  return (
    <Card.Root>
      <Card.Body>
        <Stack asChild gap="5">
          <form noValidate aria-label={verified ? 'Edit profile' : 'Request changes'} onSubmit={handleSubmit((body) => save.mutate(body))}>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text color="gray.700" maxW="2xl">
                {verified
                  ? 'Keep your listing up to date. Changes show on your public page right away.'
                  : 'Your business is pending verification: edits are sent to our team as a change request and applied once approved.'}
              </Text>
              {editing ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    reset(valuesOf(company));
                    setEditing(false);
                  }}
                >
                  <X aria-hidden="true" /> Cancel
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" /> Edit
                </Button>
              )}
            </Flex>
            {requested && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>Your change request was sent. We'll apply it after review (1-2 business days).</Alert.Title>
              </Alert.Root>
            )}
            <FormField label="Company Name" required error={err('name')}>
              <Input readOnly={readOnly} {...register('name')} />
            </FormField>
            <FormField label="Description" error={err('description')}>
              <Textarea readOnly={readOnly} rows={4} {...register('description')} />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Phone" error={err('phone')}>
                <Input readOnly={readOnly} type="tel" {...register('phone')} />
              </FormField>
              <FormField label="Email" error={err('email')}>
                <Input readOnly={readOnly} type="email" {...register('email')} />
              </FormField>
              <FormField label="Business Email (quote notifications)" error={err('businessEmail')}>
                <Input readOnly={readOnly} type="email" {...register('businessEmail')} />
              </FormField>
              <FormField label="Website" error={err('website')}>
                <Input readOnly={readOnly} type="url" {...register('website')} />
              </FormField>
            </SimpleGrid>
            <FormField label="Address" error={err('address')}>
              <Input readOnly={readOnly} {...register('address')} />
            </FormField>
            <CityStateZipFields register={register} error={err} readOnly={readOnly} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Price Range" error={err('priceRange')}>
                <PriceRangeSelect field={register('priceRange')} disabled={readOnly} />
              </FormField>
              <FormField label="Hourly Rate Starting At ($)" error={err('hourlyRateStart')}>
                <Input readOnly={readOnly} type="number" min={0} {...register('hourlyRateStart')} />
              </FormField>
            </SimpleGrid>
            <VocabularyCheckboxes control={control} disabled={readOnly} />
            {editing && (
              <HStack>
                <SubmitButton pending={save.isPending} pendingText="Saving...">
                  {verified ? 'Save Changes' : 'Submit Change Request'}
                </SubmitButton>
              </HStack>
            )}
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
