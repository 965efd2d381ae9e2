import { Dialog, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUOTE_DEFAULT_VEHICLE_TYPES,
  QUOTE_PASSENGER_BUCKETS,
  QUOTE_SERVICE_TYPES,
  QUOTE_TIME_SLOTS,
  quoteRequestBodySchema,
  requiresDropoff,
  type Company,
  type QuoteRequestBody,
} from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { track } from '../lib/analytics';
import { createQuoteRequest } from '../lib/client/account';
import { applyServerErrors, EMPTY_QUOTE_FIELDS, todayIso } from '../lib/forms';
import { showToast } from '../lib/toast';
import { FormField } from './FormField';
import { AddressInput } from './AddressInput';
import { Choice } from './Choice';
import { ContactFields } from './ContactFields';
import { DialogContent, DialogFooter } from './DialogContent';
import { SubmitButton } from './SubmitButton';

type QuoteFormInput = z.input<typeof quoteRequestBodySchema>;
type QuoteFormStrings = { [K in keyof QuoteFormInput]-?: string };

const FIELDS = Object.keys(EMPTY_QUOTE_FIELDS);

const emptyForm = (companyId: string): QuoteFormStrings => ({ companyId, ...EMPTY_QUOTE_FIELDS });

export interface QuoteDialogProps {
  company: Pick<Company, 'id' | 'name' | 'vehicleTypes'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The per-company quote dialog (§2): service type first, then the fields it makes relevant. */
export default function QuoteDialog({ company, open, onOpenChange }: QuoteDialogProps) {
  const {
    register,
    handleSubmit,
    control,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<QuoteFormInput, unknown, QuoteRequestBody>({
    resolver: zodResolver(quoteRequestBodySchema),
    defaultValues: emptyForm(company.id) as QuoteFormInput,
  });
  const serviceType = watch('serviceType') as string;
  const vehicleChoices = company.vehicleTypes.length > 0 ? company.vehicleTypes : QUOTE_DEFAULT_VEHICLE_TYPES;

  const send = useMutation({
    mutationFn: createQuoteRequest,
    onSuccess: () => {
      showToast({
        title: 'Quote Request Sent!',
        description: `Your quote request has been sent to ${company.name}. They will contact you soon.`,
      });
      track('quote_request', { companyId: company.id });
      reset(emptyForm(company.id) as QuoteFormInput);
      onOpenChange(false);
    },
    onError: (error) => {
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Error', description: 'Failed to send quote request. Please try again.', type: 'error' });
    },
  });

  // A dropoff typed for an airport trip is dropped if the type changes to one without a destination.
  const submit = handleSubmit((body) => send.mutate(requiresDropoff(body.serviceType) ? body : { ...body, dropoffLocation: undefined }));

  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <DialogContent>
        <form noValidate onSubmit={submit} style={{ display: 'contents' }}>
          <Dialog.Header flexDirection="column" alignItems="start" gap="1">
            <Dialog.Title>Request a Quote</Dialog.Title>
            <Dialog.Description color="gray.600">
              From <strong>{company.name}</strong>. Choose a service type to describe your trip.
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <FormField label="Service Type" required error={errors.serviceType?.message}>
                <Choice placeholder="Select a service type" options={QUOTE_SERVICE_TYPES} registration={register('serviceType')} />
              </FormField>

              {serviceType && (
                <>
                  <FormField label="Pickup Location" required error={errors.pickupLocation?.message}>
                    <AddressInput control={control} name="pickupLocation" placeholder="Street address, city" />
                  </FormField>
                  {requiresDropoff(serviceType) && (
                    <FormField label="Dropoff Location" required error={errors.dropoffLocation?.message}>
                      <AddressInput control={control} name="dropoffLocation" placeholder="Street address, city" />
                    </FormField>
                  )}
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <FormField label="Trip Date" required error={errors.tripDate?.message}>
                      <Input type="date" min={todayIso()} {...register('tripDate')} />
                    </FormField>
                    <FormField label="Trip Time" required error={errors.tripTime?.message}>
                      <Choice placeholder="Select a time" options={QUOTE_TIME_SLOTS} registration={register('tripTime')} />
                    </FormField>
                    <FormField label="Number of Passengers" required error={errors.passengerCount?.message}>
                      <Choice
                        placeholder="Select passengers"
                        options={QUOTE_PASSENGER_BUCKETS}
                        optionLabel={(p) => `${p} passengers`}
                        registration={register('passengerCount')}
                      />
                    </FormField>
                    <FormField label="Vehicle Type" error={errors.vehicleType?.message}>
                      <Choice anyLabel="No preference" options={vehicleChoices} registration={register('vehicleType')} />
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Special Requests" error={errors.specialRequests?.message}>
                    <Textarea {...register('specialRequests')} rows={3} placeholder="Anything the company should know (optional)" />
                  </FormField>
                </>
              )}

              <Text fontWeight="semibold" pt="2">
                Your contact details
              </Text>
              <ContactFields
                fields={{ name: register('customerName'), email: register('customerEmail'), phone: register('customerPhone') }}
                errors={{
                  name: errors.customerName?.message,
                  email: errors.customerEmail?.message,
                  phone: errors.customerPhone?.message,
                }}
                sideBySideFrom="sm"
              />
            </Stack>
          </Dialog.Body>
          <DialogFooter>
            <SubmitButton disabled={!serviceType} pending={send.isPending} pendingText="Submitting...">
              Submit Quote Request
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog.Root>
  );
}
