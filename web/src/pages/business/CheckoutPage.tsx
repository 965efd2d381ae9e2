import { Badge, Box, Button, Card, Center, Grid, Heading, HStack, Icon, Separator, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { claimerDetailsSchema } from '@limo/contracts';
import { ArrowLeft, CheckCircle2, CreditCard, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CardPayment } from '../../components/payment/CardPayment';
import { ClaimerDetailsForm } from '../../components/payment/ClaimerDetailsForm';
import {
  createPaymentSession,
  readClaimerDetails,
  reportPaymentFailure,
  reportSetupFailure,
  RENEWED_SESSION_KEY,
  usePaymentsConfig,
  type ClaimerDetails,
  type PaymentSession,
} from '../../lib/payments';
import { useCompany } from '../../lib/companies';
import { useCurrentUser } from '../../lib/session';
import { LinkButton } from '../../components/LinkButton';
import { CheckList } from '../../components/CheckList';

/** The claimer details this tab stored, when complete and valid. */
function storedClaimer(): ClaimerDetails | undefined {
  const parsed = claimerDetailsSchema.safeParse(readClaimerDetails());
  return parsed.success ? parsed.data : undefined;
}

/** §9: the wait before /payment-success after a successful payment. */
const SUCCESS_REDIRECT_MS = 1000;

/** What the checkout says instead of its form: a title, why, the way on, and back to pricing; nothing is charged. */
function CheckoutNotice({
  title,
  text,
  next,
  testId,
}: {
  title: string;
  text: string;
  next: { to: string; label: string };
  testId?: string;
}) {
  return (
    <Center px="4" py="20">
      <Card.Root maxW="lg" textAlign="center" data-testid={testId}>
        <Card.Body gap="4" alignItems="center">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="gray.700">{text}</Text>
          <HStack>
            <LinkButton to={next.to} colorPalette="brand">
              {next.label}
            </LinkButton>
            <LinkButton to="/pricing" variant="outline">
              Back to Pricing
            </LinkButton>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

/** A claim checkout opened without a company (an old link, a bookmark): pick the company first. */
function PickCompanyFirst() {
  return (
    <CheckoutNotice
      testId="checkout-no-company"
      title="Choose the business you are claiming"
      text="A claim is for one listing. Find your business first, then pay $75/year for it; nothing has been charged."
      next={{ to: '/claim-business', label: 'Find Your Business' }}
    />
  );
}

/** /checkout?plan&price&companyId (owner-admin §2.2, §4): order summary left, card form right. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan') || 'claim';
  const companyId = params.get('companyId') ?? undefined;
  const navigate = useNavigate();
  const config = usePaymentsConfig();
  const company = useCompany(companyId);
  const [session, setSession] = useState<PaymentSession>();
  const [setupFailed, setSetupFailed] = useState(false);
  const [paid, setPaid] = useState(false);
  const renewed = useRef(sessionStorage.getItem(RENEWED_SESSION_KEY) === '1');
  const started = useRef(false);
  const { user, isLoading: userLoading } = useCurrentUser();
  const [claimer, setClaimer] = useState<ClaimerDetails | undefined>(storedClaimer);
  // No payment without its claimer: a signed-out tab without stored details asks for them first.
  const needsClaimer = plan === 'claim' && !userLoading && !user && !claimer;

  useEffect(() => {
    // A claim needs its company (issue 17, defect 6) and its claimer: without them no payment is started.
    if (plan !== 'claim' || !companyId || started.current || userLoading || (!user && !claimer)) return;
    started.current = true;
    sessionStorage.removeItem(RENEWED_SESSION_KEY);
    // The claimer's details go with the checkout, so the claim is made even if this tab closes after paying.
    createPaymentSession({
      plan: 'claim',
      ...(companyId ? { companyId } : {}),
      metadata: { plan_name: 'Business Directory Access' },
      ...(claimer ? { claimerDetails: claimer } : {}),
    })
      .then(setSession)
      .catch(() => {
        setSetupFailed(true);
        reportSetupFailure('claim');
      });
  }, [plan, companyId, claimer, user, userLoading]);

  const onPaid = (paymentIntentId: string) => {
    setPaid(true);
    const q = new URLSearchParams({ plan, payment_intent: paymentIntentId });
    // As Stripe's return URL does: the success page proves the payment with it (owner-admin §2.3).
    if (session?.clientSecret) q.set('payment_intent_client_secret', session.clientSecret);
    if (companyId) q.set('companyId', companyId);
    setTimeout(() => void navigate(`/payment-success?${q.toString()}`), SUCCESS_REDIRECT_MS);
  };

  if (plan !== 'claim') {
    return (
      <CheckoutNotice
        title="This plan is arranged with our team"
        text="Online checkout sells the Business Directory Access plan ($75/year). For the other plans, talk to us and we'll set you up."
        next={{ to: '/contact', label: 'Contact Sales' }}
      />
    );
  }

  if (!companyId) return <PickCompanyFirst />;

  const amount = config.data ? config.data.plan.amount / 100 : 75;
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
      <LinkButton to="/pricing" variant="ghost" size="sm" mb="4">
        <ArrowLeft aria-hidden="true" /> Back to Pricing
      </LinkButton>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="6">
        Checkout
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="6" alignItems="start">
        <Card.Root as="section" aria-labelledby="summary-heading" data-testid="order-summary">
          <Card.Header>
            <Heading as="h2" id="summary-heading" size="lg">
              Order Summary
            </Heading>
          </Card.Header>
          <Card.Body gap="4">
            <HStack justify="space-between" align="start">
              <Box>
                <Text fontWeight="semibold">Business Directory Access</Text>
                <Text fontSize="sm" color="gray.700">
                  Billed yearly · auto-renews · cancel anytime
                </Text>
              </Box>
              <Text fontWeight="bold">${amount.toFixed(2)}</Text>
            </HStack>
            {companyId && (
              <Text fontSize="sm" color="gray.700" data-testid="summary-company">
                Business: <strong>{company.data?.name ?? '…'}</strong>
                {company.data?.city ? ` · ${company.data.city}, ${company.data.state}` : ''}
              </Text>
            )}
            <CheckList
              items={[
                'Claim and manage your listing',
                'Unlimited quote requests',
                'Business dashboard and analytics',
                'Verified within 1-2 business days',
              ]}
              iconSize={14}
              gap="1.5"
              fontSize="sm"
            />
            <Separator />
            <HStack justify="space-between">
              <Text fontWeight="bold">Total today</Text>
              <Text fontWeight="bold" fontSize="xl">
                ${amount.toFixed(2)}
              </Text>
            </HStack>
            <Text fontSize="xs" color="gray.700">
              Then ${amount.toFixed(2)} every year until you cancel. Cancel anytime from your dashboard (Billing tab): your listing stays
              active to the end of the year paid.
            </Text>
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="payment-heading">
          <Card.Header>
            <HStack justify="space-between">
              <Heading as="h2" id="payment-heading" size="lg">
                Payment
              </Heading>
              {config.data?.testMode && <Badge colorPalette="orange">Test mode</Badge>}
            </HStack>
          </Card.Header>
          <Card.Body>
            <Tabs.Root defaultValue="card" variant="enclosed">
              <Tabs.List>
                <Tabs.Trigger value="card">
                  <CreditCard aria-hidden="true" /> Card
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="card">
                {needsClaimer ? (
                  <ClaimerDetailsForm companyName={company.data?.name ?? 'this business'} onSubmit={setClaimer} />
                ) : paid ? (
                  <Stack align="center" py="8" gap="3" role="status">
                    <Icon asChild color="fg.success">
                      <CheckCircle2 size={40} aria-hidden="true" />
                    </Icon>
                    <Text fontWeight="semibold">Payment received. Taking you to your confirmation...</Text>
                  </Stack>
                ) : setupFailed ? (
                  <Stack align="center" py="8" gap="3">
                    <Text color="red.700">We could not start the payment.</Text>
                    <Button onClick={() => window.location.reload()}>Try Again</Button>
                  </Stack>
                ) : !session || !config.data ? (
                  <Stack align="center" py="10" gap="3" role="status">
                    <Spinner color="brand.600" />
                    <Text>{renewed.current ? 'Creating new payment...' : 'Setting up your payment...'}</Text>
                  </Stack>
                ) : (
                  <CardPayment
                    clientSecret={session.clientSecret}
                    config={config.data}
                    submitLabel={`Pay $${amount.toFixed(2)}`}
                    onPaid={onPaid}
                    onFailure={(f) => reportPaymentFailure(f, 'claim')}
                  />
                )}
              </Tabs.Content>
            </Tabs.Root>
            <HStack mt="4" gap="1.5" fontSize="xs" color="gray.700">
              <Lock size={12} aria-hidden="true" />
              <Text>Payments are encrypted and processed by our card provider; we never store your card number.</Text>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Box>
  );
}
