import { Dialog, Input, SimpleGrid, Stack, Switch, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCompanyCreateBodySchema,
  normalizeList,
  normalizeService,
  normalizeVehicleType,
  normalizePriceRange,
  type AdminCompanyCreateBody,
  type OwnerCompany,
} from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../components/FormField';
import { PriceRangeSelect } from '../../components/CompanySelects';
import { CityStateZipFields } from '../../components/CityStateZipFields';
import { VocabularyCheckboxes } from '../../components/TermCheckboxes';
import { messageOf } from '../../lib/api';
import { saveAdminCompany } from '../../lib/client/admin';
import { applyServerErrors, COMPANY_TEXT_FIELDS, plainTextValues } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { DialogContent, DialogFooter } from '../../components/DialogContent';
import { COMPANY_LISTS } from './adminApi';
import { queryKeys } from '../../lib/queryKeys';
import { SubmitButton } from '../../components/SubmitButton';

type Input = z.input<typeof adminCompanyCreateBodySchema>;

/** The admin company form's values: text as typed, vocabulary as canonical slugs. */
export interface CompanyFormValues {
  name: string;
  description: string;
  phone: string;
  email: string;
  businessEmail: string;
  website: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  priceRange: string;
  hourlyRateStart: string;
  imageUrl: string;
  services: string[];
  vehicleTypes: string[];
  featured: boolean;
  verified: boolean;
  businessVerified: boolean;
}

const TEXT_FIELDS = [...COMPANY_TEXT_FIELDS, 'imageUrl'] as const;

/** An empty form (§5: featured and verified default to false), or the company's values to edit. */
function formValuesOf(company?: OwnerCompany): CompanyFormValues {
  return {
    ...plainTextValues(company),
    priceRange: company?.priceRange ? (normalizePriceRange(company.priceRange) ?? '') : '',
    hourlyRateStart: company?.hourlyRateStart == null ? '' : String(company.hourlyRateStart),
    imageUrl: company?.imageUrl ?? '',
    services: normalizeList(company?.services, normalizeService),
    vehicleTypes: normalizeList(company?.vehicleTypes, normalizeVehicleType),
    featured: company?.featured ?? false,
    verified: company?.verified ?? false,
    businessVerified: company?.businessVerified ?? false,
  };
}

// §5: a blank hourly rate is left out (the server's lenient rule would read it as 0); any other
// non-numeric text becomes 0.
const schemaResolver = zodResolver(adminCompanyCreateBodySchema);
const resolver: Resolver<CompanyFormValues, unknown, AdminCompanyCreateBody> = (values, context, options) =>
  schemaResolver(
    { ...values, hourlyRateStart: values.hourlyRateStart.trim() === '' ? null : values.hourlyRateStart },
    context,
    options as never,
  ) as ReturnType<Resolver<CompanyFormValues, unknown, AdminCompanyCreateBody>>;

type FormControl = Control<CompanyFormValues, unknown, AdminCompanyCreateBody>;

function Toggle({ control, name, label }: { control: FormControl; name: 'featured' | 'verified' | 'businessVerified'; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)} colorPalette="brand" name={name}>
          <Switch.HiddenInput onBlur={field.onBlur} />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      )}
    />
  );
}

export interface CompanyFormDialogProps {
  /** The company to edit; absent to create one. */
  company?: OwnerCompany;
  open: boolean;
  onClose(): void;
}

/** Create or edit a company (owner-admin §5 "Admin company create/edit", §8's toasts). */
export function CompanyFormDialog({ company, open, onClose }: CompanyFormDialogProps) {
  const queryClient = useQueryClient();
  const editing = Boolean(company);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors },
  } = useForm<CompanyFormValues, unknown, AdminCompanyCreateBody>({ resolver, defaultValues: formValuesOf(company), mode: 'onTouched' });

  const save = useMutation({
    mutationFn: (body: AdminCompanyCreateBody & { businessVerified?: boolean }) =>
      saveAdminCompany(editing ? company!.id : undefined, body),
    onSuccess: async () => {
      showToast(editing ? { title: 'Success', description: 'Company updated successfully' } : { title: 'Company created successfully!' });
      reset(formValuesOf());
      onClose();
      await Promise.all(
        [...COMPANY_LISTS, queryKeys.admin('/api/admin/companies-by-state')].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      applyServerErrors(error, setError, TEXT_FIELDS);
      showToast(
        editing
          ? { title: 'Error', description: messageOf(error, 'Failed to update company'), type: 'error' }
          : { title: 'Error creating company', description: messageOf(error, 'Failed to create company'), type: 'error' },
      );
    },
  });

  const err = (field: (typeof TEXT_FIELDS)[number]) => errors[field]?.message;
  const formId = editing ? `edit-company-${company!.id}` : 'create-company';

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
      <DialogContent>
        <Dialog.Header>
          <Dialog.Title>{editing ? `Edit ${company!.name}` : 'Add New Company'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack asChild gap="4">
            <form
              id={formId}
              noValidate
              aria-label={editing ? 'Edit company' : 'Add company'}
              onSubmit={handleSubmit((body, event) => {
                event?.stopPropagation();
                save.mutate(editing ? { ...body, businessVerified: getValues('businessVerified') } : body);
              })}
            >
              <FormField label="Company Name" required error={err('name')}>
                <Input {...register('name')} autoComplete="off" />
              </FormField>
              <FormField label="Description" error={err('description')}>
                <Textarea {...register('description')} rows={3} />
              </FormField>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label="Phone" error={err('phone')}>
                  <Input type="tel" {...register('phone')} autoComplete="off" />
                </FormField>
                <FormField label="Email" error={err('email')}>
                  <Input type="email" {...register('email')} autoComplete="off" />
                </FormField>
                <FormField label="Business Email" error={err('businessEmail')}>
                  <Input type="email" {...register('businessEmail')} autoComplete="off" />
                </FormField>
                <FormField label="Website" error={err('website')}>
                  <Input {...register('website')} placeholder="https://" autoComplete="off" />
                </FormField>
              </SimpleGrid>
              <FormField label="Address" error={err('address')}>
                <Input {...register('address')} autoComplete="off" />
              </FormField>
              <CityStateZipFields register={register} error={err} autoComplete="off" />
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <FormField label="Price Range" error={err('priceRange')}>
                  <PriceRangeSelect field={register('priceRange')} />
                </FormField>
                <FormField label="Hourly Rate Starting At ($)" error={err('hourlyRateStart')} helper="A number; other text counts as 0">
                  <Input {...register('hourlyRateStart')} inputMode="decimal" autoComplete="off" />
                </FormField>
                <FormField label="Image URL" error={err('imageUrl')}>
                  <Input {...register('imageUrl')} placeholder="https://" autoComplete="off" />
                </FormField>
              </SimpleGrid>
              <VocabularyCheckboxes control={control} />
              <Stack gap="3" borderTopWidth="1px" pt="4">
                <Toggle control={control} name="featured" label="Featured listing" />
                <Toggle control={control} name="verified" label="Verified (admin only)" />
                {editing && (
                  <Toggle control={control} name="businessVerified" label="Business verified: owner has full edit rights (admin only)" />
                )}
              </Stack>
            </form>
          </Stack>
        </Dialog.Body>
        <DialogFooter>
          <SubmitButton form={formId} pending={save.isPending} pendingText="Saving...">
            {editing ? 'Save Changes' : 'Create Company'}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog.Root>
  );
}
