import { Alert, Button, Card, Center, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { claimerDetailsSchema, SUPPORT_EMAIL } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Clock, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageOf } from '../../lib/api';
import { processPaymentSuccess } from '../../lib/client/account';
import { readClaimerDetails } from '../../lib/payments';
import { ListingPaymentSuccess } from './ListingPaymentSuccess';
import { NextStepsCard, PaymentSuccessLayout, Row, SuccessCard } from './PaymentSuccessParts';
import { LinkButton } from '../../components/LinkButton';
import { colorValue } from '../../theme';

/**
 * /payment-success (owner-admin §2.3, §4): records the claim once, then shows its details; for a listing
 * payment (`plan=listing`) the stored listing it paid for. Idempotent: a reload shows the same.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan') || 'claim';
  const companyId = params.get('companyId') ?? '';
  const paymentIntent = params.get('payment_intent') ?? '';
  const clientSecret = params.get('payment_intent_client_secret');
  const sent = useRef(false);
  const stored = claimerDetailsSchema.safeParse(readClaimerDetails());
  const record = useMutation({
    mutationFn: () =>
      processPaymentSuccess({
        paymentIntent,
        plan,
        companyId,
        // The server keeps the claimer with the payment: details are sent only when this tab has valid ones.
        ...(stored.success ? { claimerDetails: stored.data } : {}),
        ...(clientSecret ? { paymentIntentClientSecret: clientSecret } : {}),
      }),
  });
  const known = plan === 'claim' || plan === 'listing';

  useEffect(() => {
    if (!known || sent.current) return;
    sent.current = true;
    record.mutate();
  }, [known, record]);

  if (!known) {
    return (
      <Center px="4" py="20">
        <Stack textAlign="center" align="center" gap="4" maxW="lg">
          <CheckCircle2 size={48} color={colorValue('green.600')} aria-hidden="true" />
          <Heading as="h1" size="2xl">
            Payment Successful!
          </Heading>
          <Text color="gray.700">Thank you for your purchase. A receipt is on its way to your inbox.</Text>
          <LinkButton to="/" colorPalette="brand">
            Return to Home
          </LinkButton>
        </Stack>
      </Center>
    );
  }
  if (record.isPending || record.isIdle) {
    return (
      <Center py="24" flexDirection="column" gap="3" role="status">
        <Spinner size="lg" color="brand.600" />
        <Text>Processing your payment...</Text>
      </Center>
    );
  }
  if (record.isError || !record.data) {
    return (
      <Center px="4" py="20">
        <Card.Root maxW="lg" textAlign="center">
          <Card.Body gap="4" alignItems="center">
            <Heading as="h1" size="xl">
              {plan === 'listing' ? 'We could not confirm your listing payment' : 'We could not confirm your claim'}
            </Heading>
            <Text color="gray.700">
              {messageOf(record.error, 'Your payment may have gone through. Please contact support with the reference below.')}
            </Text>
            <Text fontSize="sm">Reference: {paymentIntent || 'none'}</Text>
            <Button asChild colorPalette="brand">
              <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Claim payment ${paymentIntent}`)}`}>Contact Support</a>
            </Button>
          </Card.Body>
        </Card.Root>
      </Center>
    );
  }
  const r = record.data;
  if (r.plan === 'listing') return <ListingPaymentSuccess result={r} />;
  return (
    <PaymentSuccessLayout
      maxW="5xl"
      lead={`Your claim of ${r.companyName} was received. Welcome to LimoDirectory.`}
      dashboard="/dashboard"
      after={
        <Alert.Root status="info" mt="6">
          <Alert.Indicator />
          <Alert.Title>Check your email: we sent your receipt and the claim details to {r.dashboardAccess.email}.</Alert.Title>
        </Alert.Root>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <SuccessCard title="Your Login Credentials" testId="login-credentials" gap="3">
          <Row label="Login email" value={r.dashboardAccess.email} />
          <Row label="Company" value={r.companyName} />
          <Text fontSize="sm" color="gray.700">
            {r.dashboardAccess.passwordSetupRequired
              ? 'We e-mailed you a link to set your password. Use it, then log in with this e-mail.'
              : 'Log in with this e-mail and your password. Forgot it? Use "Forgot your password?" on the login page.'}
          </Text>
          <Flex gap="3" wrap="wrap">
            <LinkButton to="/login" colorPalette="brand">
              Login Now
            </LinkButton>
            <LinkButton to="/dashboard" variant="outline">
              Go to Dashboard
            </LinkButton>
          </Flex>
        </SuccessCard>
        <SuccessCard title="Payment Details" testId="payment-details" gap="2">
          <Row label="Plan" value="Business Directory Access ($75/year, auto-renews)" />
          <Row label="Amount" value={`$${(r.paymentAmount / 100).toFixed(2)}`} />
          <Row label="Status" value="Paid Successfully" />
          <Row
            label="Verification Status"
            value={r.status === 'pending' ? 'Pending Review' : r.status === 'approved' ? 'Approved' : 'Rejected'}
          />
          <Row label="Claim ID" value={r.claimId} />
        </SuccessCard>
        <NextStepsCard steps={r.nextSteps} />
        <SuccessCard title="Need Help?" testId="support-block" gap="2" fontSize="sm">
          <Flex gap="2" align="center">
            <Mail size={16} aria-hidden="true" /> Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </Flex>
          <Flex gap="2" align="center">
            <Clock size={16} aria-hidden="true" /> Response Time: Within 24 hours
          </Flex>
        </SuccessCard>
      </SimpleGrid>
    </PaymentSuccessLayout>
  );
}
