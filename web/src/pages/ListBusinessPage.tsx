import { Alert, Box, Card, Heading, Input, List, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { companyCreateBodySchema, type CompanyCreateBody } from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Gate } from '../components/Gate';
import { FormField } from '../components/FormField';
import { PriceRangeSelect } from '../components/CompanySelects';
import { CityStateZipFields } from '../components/CityStateZipFields';
import { FullAddressField } from '../components/AddressInput';
import { VocabularyCheckboxes } from '../components/TermCheckboxes';
import { messageOf } from '../lib/api';
import { createCompany } from '../lib/client/account';
import { applyServerErrors, EMPTY_ADDRESS_FIELDS } from '../lib/forms';
import { PAID_LISTING_HREF } from '../lib/plans';
import { useCurrentUser } from '../lib/session';
import { showToast } from '../lib/toast';
import { LinkButton } from '../components/LinkButton';
import { colorValue } from '../theme';
import { PageLoading } from '../components/PageLoading';
import { queryKeys } from '../lib/queryKeys';
import { SubmitButton } from '../components/SubmitButton';

type ListingInput = z.input<typeof companyCreateBodySchema>;

interface ListingForm {
  name: string;
  fullAddress: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: string;
  longitude: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  priceRange: string;
  hourlyRateStart: string;
  imageUrl: string;
  services: string[];
  vehicleTypes: string[];
}

const EMPTY: ListingForm = {
  name: '',
  ...EMPTY_ADDRESS_FIELDS,
  phone: '',
  email: '',
  website: '',
  description: '',
  priceRange: '',
  hourlyRateStart: '',
  imageUrl: '',
  services: [],
  vehicleTypes: [],
};
const FIELDS = Object.keys(EMPTY);

/** The listing form (§2, §5); picking an address fills the street, city, state, ZIP and coordinates. */
function ListingFormCard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ListingInput, unknown, CompanyCreateBody>({
    resolver: zodResolver(companyCreateBodySchema),
    defaultValues: EMPTY as ListingInput,
  });

  const create = useMutation({
    mutationFn: createCompany,
    onSuccess: () => {
      showToast({ title: 'Success!', description: 'Your business listing has been created successfully.' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all() });
      void navigate('/');
    },
    onError: (error) => {
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Registration Failed', description: messageOf(error, error.message), type: 'error' });
    },
  });

  const err = (field: keyof ListingForm) => errors[field]?.message;

  return (
    <Stack asChild gap="6">
      <form noValidate onSubmit={handleSubmit((body) => create.mutate(body))}>
        <FormField label="Company Name" required error={err('name')}>
          <Input {...register('name')} autoComplete="organization" />
        </FormField>
        <FullAddressField
          control={control}
          helper="Start with the street, then a comma and the city (e.g. 123 Main St, Miami), and pick your address from the list."
          fill={(field, value) => setValue(field, value, { shouldValidate: false, shouldDirty: true })}
        />
        <input type="hidden" {...register('address')} />
        <input type="hidden" {...register('latitude')} />
        <input type="hidden" {...register('longitude')} />
        <CityStateZipFields register={register} error={err} autoComplete="address" />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Phone" error={err('phone')}>
            <Input type="tel" {...register('phone')} autoComplete="tel" />
          </FormField>
          <FormField label="Email" error={err('email')}>
            <Input type="email" {...register('email')} autoComplete="email" />
          </FormField>
          <FormField label="Website" error={err('website')}>
            <Input type="url" {...register('website')} placeholder="https://" autoComplete="url" />
          </FormField>
        </SimpleGrid>
        <FormField label="Description" error={err('description')}>
          <Textarea {...register('description')} rows={4} placeholder="Your fleet, service area and what makes your company special" />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Price Range" error={err('priceRange')}>
            <PriceRangeSelect field={register('priceRange')} />
          </FormField>
          <FormField label="Hourly Rate Starting At ($)" error={err('hourlyRateStart')}>
            <Input type="number" min={0} step={1} inputMode="numeric" {...register('hourlyRateStart')} />
          </FormField>
          <FormField label="Image URL" error={err('imageUrl')}>
            <Input type="url" {...register('imageUrl')} placeholder="https://" />
          </FormField>
        </SimpleGrid>
        <VocabularyCheckboxes control={control} />
        <SubmitButton size="lg" alignSelf="start" pending={create.isPending} pendingText="Registering...">
          Register Business
        </SubmitButton>
      </form>
    </Stack>
  );
}

/** What this free form makes, and what the $75/year paid listing adds (issue 17, defect 4). */
function FreeListingNote() {
  return (
    <Alert.Root status="info" mb="8" data-testid="free-listing-note">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>This is a free listing</Alert.Title>
        <Alert.Description>
          <Text>
            Your company is listed and owned by your account, so nobody else can claim it. It stays unverified and shows no Verified Owner
            badge, and profile changes go to our team for review.
          </Text>
          <Text mt="2" fontWeight="medium">
            A paid listing ($75/year, cancel anytime) adds:
          </Text>
          <List.Root ps="5" mt="1">
            <List.Item>verification by our team within 1-2 business days and the Verified Owner badge</List.Item>
            <List.Item>featured placement above free listings in search</List.Item>
            <List.Item>full editing of your profile once verified</List.Item>
          </List.Root>
          <LinkButton to={PAID_LISTING_HREF} colorPalette="brand" size="sm" mt="3">
            List with the $75/year plan instead
          </LinkButton>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Business listing, /list-business and /business-listing-form (§2): business accounts only. */
export default function ListBusinessPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return <PageLoading label="Loading" />;
  }
  if (!user)
    return (
      <Gate
        title="Login Required"
        text="Please sign in with your business account to list your company."
        action="Login to Continue"
        to="/login"
      />
    );
  if (user.role !== 'business') {
    return (
      <Gate
        title="Business Account Required"
        text="Listing a company needs a business account. Sign in with one, or create one from the sign-in page."
        action="Go to Login"
        to="/login"
      />
    );
  }
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
      <Stack direction="row" align="center" gap="3">
        <Building2 color={colorValue('brand.700')} aria-hidden="true" />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Register Your Limousine Business
        </Heading>
      </Stack>
      <Text mt="2" mb="4" color="gray.700">
        Tell customers about your company. Only the company name and full address are required; you can add the rest later.
      </Text>
      <FreeListingNote />
      <Card.Root>
        <Card.Body>
          <ListingFormCard />
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
