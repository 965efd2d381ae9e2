import {
  Box,
  Button,
  Card,
  Center,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Steps,
  Text,
  Textarea,
  Icon,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@limo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { PriceRangeSelect } from '../../components/CompanySelects';
import { PasswordInput } from '../../components/PasswordInput';
import { FullAddressField } from '../../components/AddressInput';
import { VocabularyCheckboxes } from '../../components/TermCheckboxes';
import { CardPayment } from '../../components/payment/CardPayment';
import { messageOf } from '../../lib/api';
import { createBusinessListing } from '../../lib/client/account';
import { createPaymentSession, reportPaymentFailure, reportSetupFailure, usePaymentsConfig, type PaymentSession } from '../../lib/payments';
import { ME_KEY, useCurrentUser } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { UpgradeListing } from './UpgradeListing';
import {
  DASHBOARD_REDIRECT_MS,
  EMPTY_LISTING,
  listingFormSchema,
  listingPayload,
  visitorFormSchema,
  type ListingForm,
  type VisitorForm,
} from './registrationForm';
import { PageLoading } from '../../components/PageLoading';
import { queryKeys } from '../../lib/queryKeys';

type Step = 'form' | 'payment' | 'done';
const FAILED_LISTING = 'Failed to create your business listing. Please try again.';

function RegistrationForm({ user, onValid }: { user: CurrentUser | null; onValid(form: VisitorForm | ListingForm): void }) {
  const schema = user ? listingFormSchema : visitorFormSchema;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<VisitorForm>({
    resolver: zodResolver(schema) as unknown as Resolver<VisitorForm>,
    mode: 'onChange',
    defaultValues: { ...EMPTY_LISTING, email: '', password: '', confirmPassword: '' },
  });
  const err = (k: keyof VisitorForm) => (errors[k] as { message?: string } | undefined)?.message;
  return (
    <Stack asChild gap="5">
      <form noValidate aria-label="Business registration" onSubmit={handleSubmit(onValid)}>
        {user ? (
          <Text color="gray.700" data-testid="welcome-line">
            Welcome, {user.email}! Tell us about your business.
          </Text>
        ) : (
          <Card.Root variant="subtle">
            <Card.Body gap="4">
              <Heading as="h2" size="md">
                Your Account
              </Heading>
              <FormField label="Email" required error={err('email')}>
                <Input type="email" autoComplete="email" {...register('email')} />
              </FormField>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField label="Password" required error={err('password')} helper="At least 6 characters">
                  <PasswordInput autoComplete="new-password" {...register('password')} />
                </FormField>
                <FormField label="Confirm Password" required error={err('confirmPassword')}>
                  <PasswordInput autoComplete="new-password" {...register('confirmPassword', { deps: ['password'] })} />
                </FormField>
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        )}
        <Heading as="h2" size="md">
          Business Information
        </Heading>
        <FormField label="Company Name" required error={err('name')}>
          <Input autoComplete="organization" {...register('name')} />
        </FormField>
        <FormField label="Description" error={err('description')}>
          <Textarea rows={3} {...register('description')} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Phone" error={err('phone')}>
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          <FormField label="Business Email" required error={err('businessEmail')}>
            <Input type="email" {...register('businessEmail')} />
          </FormField>
          <FormField label="Website" required error={err('website')}>
            <Input type="url" placeholder="https://" {...register('website')} />
          </FormField>
        </SimpleGrid>
        <FullAddressField
          control={control}
          helper="Start with the street, then a comma and the city, and pick your address from the list."
          fill={(field, value) => setValue(field, value)}
        />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="City">
            <Input {...register('city')} />
          </FormField>
          <FormField label="State">
            <Input maxLength={2} {...register('state')} />
          </FormField>
          <FormField label="ZIP Code">
            <Input inputMode="numeric" {...register('zipCode')} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Price Range">
            <PriceRangeSelect field={register('priceRange')} />
          </FormField>
          <FormField label="Hourly Rate Starting At ($)">
            <Input type="number" min={0} {...register('hourlyRateStart')} />
          </FormField>
        </SimpleGrid>
        <VocabularyCheckboxes control={control} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="SEO Keywords" helper="Words customers search for, separated by commas">
            <Input {...register('seoKeywords')} />
          </FormField>
          <FormField label="SEO Tags">
            <Input {...register('seoTags')} />
          </FormField>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" size="lg" alignSelf="start">
          Continue to Payment
        </Button>
      </form>
    </Stack>
  );
}

/**
 * Paid listing registration, /business-registration and /register-business (owner-admin §2.5,
 * §4): form, payment ($75/year), then "Registration Complete!" and /dashboard after 2 seconds.
 */
export default function BusinessRegistrationPage() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = usePaymentsConfig();
  const [step, setStep] = useState<Step>('form');
  const [form, setForm] = useState<VisitorForm | ListingForm>();
  const [session, setSession] = useState<PaymentSession>();
  const [busy, setBusy] = useState(false);
  const failTitle = user ? 'Failed to Create Listing' : 'Registration Failed';
  // UPGRADE (issue 17): `?companyId=` pays for the owner's existing listing instead of creating one.
  const upgradeId = useSearchParams()[0].get('companyId');

  useEffect(() => {
    if (step !== 'done') return;
    const t = setTimeout(() => void navigate('/dashboard'), DASHBOARD_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [step, navigate]);

  const toPayment = async (values: VisitorForm | ListingForm) => {
    setBusy(true);
    setForm(values);
    try {
      let companyId: string | undefined;
      if (user) {
        // A signed-in owner's listing is created first, then paid (§4).
        try {
          companyId = (await createBusinessListing('create-business-listing', listingPayload(values, false))).companyId;
        } catch (error) {
          showToast({ title: failTitle, description: messageOf(error, FAILED_LISTING), type: 'error' });
          return;
        }
      }
      try {
        setSession(
          await createPaymentSession({
            plan: 'claim',
            ...(companyId ? { companyId } : {}),
            metadata: {
              type: 'business_listing',
              companyName: values.name.trim(),
              email: 'email' in values ? values.email.trim() : (user?.email ?? ''),
            },
          }),
        );
        setStep('payment');
      } catch {
        reportSetupFailure('listing');
      }
    } finally {
      setBusy(false);
    }
  };

  const onPaid = async (paymentIntentId: string) => {
    if (!form) return;
    if (!user && 'email' in form) {
      try {
        const answer = await createBusinessListing('register-business-listing', {
          userData: { username: form.email.trim(), email: form.email.trim(), password: form.password, role: 'business' },
          companyData: { ...listingPayload(form, true), paymentIntentId },
          paymentIntentId,
        });
        if (answer.user) queryClient.setQueryData(ME_KEY, answer.user);
      } catch (error) {
        showToast({ title: failTitle, description: messageOf(error, FAILED_LISTING), type: 'error' });
        return;
      }
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.myCompanies.all() });
    setStep('done');
  };

  if (upgradeId) return <UpgradeListing companyId={upgradeId} />;
  if (isLoading) {
    return <PageLoading label="Loading" />;
  }

  const index = step === 'form' ? 0 : step === 'payment' ? 1 : 2;
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Register Your Business
      </Heading>
      <Text mt="2" mb="6" color="gray.700">
        A listing costs $75 per year, billed yearly and renewed automatically. Cancel anytime.
      </Text>
      <Steps.Root step={index} count={3} mb="8" size="sm">
        <Steps.List>
          {['Business details', 'Payment', 'Done'].map((title, i) => (
            <Steps.Item key={title} index={i}>
              <Steps.Indicator />
              <Steps.Title>{title}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      <Card.Root>
        <Card.Body>
          {step === 'form' &&
            (busy ? (
              <Center py="10" flexDirection="column" gap="3" role="status">
                <Spinner color="brand.600" />
                <Text>Setting up your payment...</Text>
              </Center>
            ) : (
              <RegistrationForm user={user} onValid={(v) => void toPayment(v)} />
            ))}
          {step === 'payment' && session && config.data && (
            <Stack gap="4">
              <HStack justify="space-between" wrap="wrap">
                <Heading as="h2" size="lg">
                  Payment: $75.00 per year
                </Heading>
                <Button variant="ghost" size="sm" onClick={() => setStep('form')}>
                  <ArrowLeft aria-hidden="true" /> Back to Form
                </Button>
              </HStack>
              <CardPayment
                clientSecret={session.clientSecret}
                config={config.data}
                submitLabel="Pay $75.00"
                onPaid={(id) => void onPaid(id)}
                onFailure={(f) => reportPaymentFailure(f, 'listing')}
              />
            </Stack>
          )}
          {step === 'done' && (
            <Stack align="center" textAlign="center" gap="3" py="8" role="status">
              <Icon asChild color="fg.success">
                <CheckCircle2 size={56} aria-hidden="true" />
              </Icon>
              <Heading as="h2" size="2xl">
                Registration Complete!
              </Heading>
              <Text color="gray.700">Your listing is paid and live. Taking you to your dashboard...</Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
