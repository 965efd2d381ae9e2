import { Alert, Box, Button, Card, Flex, Heading, Input, SimpleGrid, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CITY_QUOTE_PASSENGER_RANGES,
  CITY_QUOTE_SERVICE_TYPES,
  CITY_QUOTE_TIME_SLOTS,
  CITY_QUOTE_VEHICLE_TYPES,
  cityQuoteRequestBodySchema,
  cityQuoteUnservedSchema,
  type CityQuoteRequestBody,
  type CityQuoteUnserved,
} from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Clock, DollarSign, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Choice } from '../components/Choice';
import { ContactFields } from '../components/ContactFields';
import { DatePopover } from '../components/DatePopover';
import { FormField } from '../components/FormField';
import { AddressInput } from '../components/AddressInput';
import { track } from '../lib/analytics';
import { ApiError } from '../lib/api';
import { createCityQuoteRequest } from '../lib/client/account';
import { applyServerErrors, EMPTY_QUOTE_FIELDS } from '../lib/forms';
import { CityQuoteReach } from './CityQuoteReach';
import { showToast } from '../lib/toast';
import { LinkButton } from '../components/LinkButton';
import { colorValue } from '../theme';
import { SubmitButton } from '../components/SubmitButton';

type CityQuoteInput = z.input<typeof cityQuoteRequestBodySchema>;
type CityQuoteStrings = { [K in keyof CityQuoteInput]-?: string };

const EMPTY: CityQuoteStrings = { targetCity: '', ...EMPTY_QUOTE_FIELDS };
const FIELDS = Object.keys(EMPTY);

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `step-${number}-heading`;
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Flex align="center" gap="3">
          <Flex
            w="8"
            h="8"
            rounded="full"
            bg="brand.700"
            color="white"
            align="center"
            justify="center"
            fontWeight="bold"
            aria-hidden="true"
          >
            {number}
          </Flex>
          <Heading as="h2" id={id} size="lg">
            <Box as="span" srOnly>
              Step {number}:{' '}
            </Box>
            {title}
          </Heading>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

/** The 422 answer "no company serves this city" with the nearby cities that have some, when `error` is one. */
function unservedOf(error: unknown): CityQuoteUnserved | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const parsed = cityQuoteUnservedSchema.safeParse(error.bodyJson);
  return parsed.success ? parsed.data : undefined;
}

/** Says nobody received the request, and offers the nearby served cities as the new city of service. */
function UnservedCity({ answer, onPick }: { answer: CityQuoteUnserved; onPick: (label: string) => void }) {
  const nearby = answer.nearbyCities;
  return (
    <Alert.Root status="warning" alignItems="start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{answer.message}</Alert.Title>
        <Alert.Description>
          {nearby.length > 0
            ? 'Nobody received your request. Companies serve these nearby cities: choose one and send your request again.'
            : 'Nobody received your request. Please try another city.'}
        </Alert.Description>
        {nearby.length > 0 && (
          <Wrap gap="2" role="group" aria-label="Nearby cities with limousine companies">
            {nearby.map((c) => (
              <Button key={c.label} size="sm" variant="outline" colorPalette="brand" onClick={() => onPick(c.label)}>
                {c.label} ({c.companies} {c.companies === 1 ? 'company' : 'companies'}, {c.distanceMiles} mi)
              </Button>
            ))}
          </Wrap>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

const TILES = [
  { icon: DollarSign, title: 'Free', text: 'No cost to you' },
  { icon: Clock, title: '24 Hours', text: 'Typical response time' },
  { icon: Users, title: 'Multiple', text: 'Companies will respond' },
];

/** The city-wide quote request, /request-city-quote (§2): three steps, one request to the best-matched companies of a city. */
export default function CityQuotePage() {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<CityQuoteInput, unknown, CityQuoteRequestBody>({
    resolver: zodResolver(cityQuoteRequestBodySchema),
    defaultValues: EMPTY as CityQuoteInput,
  });
  const city = watch('targetCity').trim();

  const send = useMutation({
    mutationFn: (body: CityQuoteRequestBody) => createCityQuoteRequest(body),
    onSuccess: (created, body) => {
      const companiesNotified = created.companiesNotified;
      const names = created.companies.map((c) => c.name);
      showToast({
        title: 'Quote Request Sent!',
        description: `Your quote request has been sent to ${companiesNotified} limousine ${companiesNotified === 1 ? 'company' : 'companies'} in ${body.targetCity || 'your area'}${names.length > 0 ? `: ${names.join(', ')}` : ''}. You should receive quotes by email within 24 hours.`,
      });
      const [cityName = '', state = ''] = body.targetCity.split(',').map((s) => s.trim());
      track('quote_request', { searchQuery: [cityName, state].filter(Boolean).join(', ') });
      reset(EMPTY as CityQuoteInput);
      void navigate('/');
    },
    onError: (error) => {
      // No company serves the city: the form stays as it is, with the nearby cities on offer below.
      if (unservedOf(error)) return;
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Error', description: 'Failed to send quote request. Please try again.', type: 'error' });
    },
  });

  const unserved = unservedOf(send.error);
  const pickCity = (label: string) => {
    setValue('targetCity', label, { shouldValidate: true, shouldDirty: true });
    send.reset();
    setFocus('targetCity');
  };

  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py="6">
      <LinkButton to="/" variant="ghost" size="sm">
        <ArrowLeft aria-hidden="true" /> Back to Directory
      </LinkButton>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mt="4">
        Request Quotes From the Best Limo Companies in Your City
      </Heading>
      <Text mt="2" color="gray.700" fontSize="lg">
        Fill in one form and we send it to the few limousine companies serving your city that match your trip best. They reply with their
        quotes by e-mail.
      </Text>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" my="8">
        {TILES.map((t) => (
          <Card.Root key={t.title} variant="subtle" bg="brand.50">
            <Card.Body alignItems="center" textAlign="center" gap="1" py="5">
              <t.icon color={colorValue('brand.700')} aria-hidden="true" />
              <Text fontSize="2xl" fontWeight="bold" color="brand.800">
                {t.title}
              </Text>
              <Text color="gray.700">{t.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <Stack asChild gap="6">
        <form noValidate onSubmit={handleSubmit((body) => send.mutate(body))}>
          <Step number={1} title="Where Do You Need Service?">
            <FormField
              label="City of Service"
              required
              error={errors.targetCity?.message}
              helper="Enter the city and state, e.g. Rockford, IL"
            >
              <Input {...register('targetCity')} placeholder="City, State (e.g., Rockford, IL)" autoComplete="address-level2" />
            </FormField>
          </Step>

          <Step number={2} title="Your Contact Information">
            <Stack gap="4">
              <ContactFields
                fields={{ name: register('customerName'), email: register('customerEmail'), phone: register('customerPhone') }}
                errors={{ name: errors.customerName?.message, email: errors.customerEmail?.message, phone: errors.customerPhone?.message }}
                emailLabel="Email Address"
                sideBySideFrom="md"
              />
            </Stack>
          </Step>

          <Step number={3} title="Trip Details">
            <Stack gap="4">
              <FormField label="Service Type" required error={errors.serviceType?.message}>
                <Choice placeholder="Select a service type" options={CITY_QUOTE_SERVICE_TYPES} registration={register('serviceType')} />
              </FormField>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label="Pickup Location" required error={errors.pickupLocation?.message}>
                  <AddressInput control={control} name="pickupLocation" placeholder="Street address, city" />
                </FormField>
                <FormField label="Dropoff Location" required error={errors.dropoffLocation?.message}>
                  <AddressInput control={control} name="dropoffLocation" placeholder="Street address, city" />
                </FormField>
                <FormField label="Trip Date" required error={errors.tripDate?.message} controlId="city-quote-trip-date">
                  <Controller
                    control={control}
                    name="tripDate"
                    render={({ field }) => (
                      <DatePopover
                        id="city-quote-trip-date"
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        invalid={Boolean(errors.tripDate)}
                      />
                    )}
                  />
                </FormField>
                <FormField label="Trip Time" required error={errors.tripTime?.message}>
                  <Choice placeholder="Select a time" options={CITY_QUOTE_TIME_SLOTS} registration={register('tripTime')} />
                </FormField>
                <FormField label="Number of Passengers" required error={errors.passengerCount?.message}>
                  <Choice placeholder="Select passengers" options={CITY_QUOTE_PASSENGER_RANGES} registration={register('passengerCount')} />
                </FormField>
                <FormField label="Preferred Vehicle Type" required error={errors.vehicleType?.message}>
                  <Choice placeholder="Select a vehicle type" options={CITY_QUOTE_VEHICLE_TYPES} registration={register('vehicleType')} />
                </FormField>
              </SimpleGrid>
              <FormField label="Special Requests" error={errors.specialRequests?.message} helper="Optional">
                <Textarea {...register('specialRequests')} rows={3} placeholder="Decorations, child seats, stops along the way..." />
              </FormField>
            </Stack>
          </Step>

          <Stack gap="3" align={{ base: 'stretch', md: 'start' }}>
            {unserved && <UnservedCity answer={unserved} onPick={pickCity} />}
            <CityQuoteReach city={city} serviceType={watch('serviceType')} vehicleType={watch('vehicleType')} />
            <SubmitButton size="lg" disabled={!city} pending={send.isPending} pendingText="Sending Request...">
              Send Quote Request
            </SubmitButton>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
