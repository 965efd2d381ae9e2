import { Box, Button, Card, Heading, HStack, List, Stack, Text, Icon } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Gate } from '../../components/Gate';
import { CardPayment } from '../../components/payment/CardPayment';
import { createPaymentSession, reportPaymentFailure, reportSetupFailure, usePaymentsConfig, type PaymentSession } from '../../lib/payments';
import { useCurrentUser } from '../../lib/session';
import { MY_COMPANIES_KEY, useMyCompanies } from '../dashboard/data';
import { DASHBOARD_REDIRECT_MS } from './registrationForm';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';

/**
 * The payment of an owner's existing (free) listing: `POST /api/create-payment-intent` with
 * `plan: "listing"` and the `companyId` of the owner's own company, so the same company becomes paid
 * (no copy; another owner's company is refused).
 */
function startUpgradePayment(company: OwnerCompany, email: string): Promise<PaymentSession> {
  return createPaymentSession({
    plan: 'listing',
    companyId: company.id,
    metadata: { type: 'business_listing', companyName: company.name, email },
  });
}

/** /business-registration?companyId=…: an owner pays $75/year for a listing they already have (no form, no new company). */
export function UpgradeListing({ companyId }: { companyId: string }) {
  const { user, isLoading } = useCurrentUser();
  const companies = useMyCompanies(Boolean(user));
  const config = usePaymentsConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<PaymentSession>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const dashboard = `/dashboard?company=${encodeURIComponent(companyId)}`;

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => void navigate(dashboard), DASHBOARD_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, navigate, dashboard]);

  if (isLoading || (user && companies.isPending)) {
    return <PageLoading label="Loading" />;
  }
  if (!user) {
    return (
      <Gate
        signIn={false}
        title="Sign in to upgrade"
        text="Sign in with the business account that owns this listing."
        action="Login"
        to="/login"
      />
    );
  }
  const company = companies.data?.find((c) => c.id === companyId);
  if (!company) {
    return (
      <Gate
        signIn={false}
        title="Listing not found"
        text="This listing is not one of your companies. Pick the listing to upgrade from your dashboard."
        action="Go to Dashboard"
        to="/dashboard"
      />
    );
  }

  const start = async () => {
    setBusy(true);
    try {
      setSession(await startUpgradePayment(company, user.email));
    } catch {
      reportSetupFailure('listing');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Upgrade {company.name}
      </Heading>
      <Text mt="2" mb="6" color="gray.700">
        Your existing listing becomes the paid listing: $75 per year, billed yearly and renewed automatically. Cancel anytime; the listing
        stays active to the end of the year paid. No second copy of your company is created.
      </Text>
      <Card.Root data-testid="upgrade-card">
        <Card.Body gap="4">
          {done ? (
            <Stack align="center" textAlign="center" gap="3" py="8" role="status">
              <Icon asChild color="fg.success">
                <CheckCircle2 size={56} aria-hidden="true" />
              </Icon>
              <Heading as="h2" size="xl">
                Payment received
              </Heading>
              <Text color="gray.700">Our team verifies your listing within 1-2 business days. Taking you to your dashboard...</Text>
            </Stack>
          ) : session && config.data ? (
            <CardPayment
              clientSecret={session.clientSecret}
              config={config.data}
              submitLabel="Pay $75.00"
              onPaid={() => {
                void queryClient.invalidateQueries({ queryKey: MY_COMPANIES_KEY });
                setDone(true);
              }}
              onFailure={(f) => reportPaymentFailure(f, 'listing')}
            />
          ) : (
            <>
              <List.Root ps="5">
                <List.Item>verification within 1-2 business days and the Verified Owner badge</List.Item>
                <List.Item>featured placement above free listings in search</List.Item>
                <List.Item>full editing of your profile once verified</List.Item>
              </List.Root>
              <HStack flexWrap="wrap">
                <Button colorPalette="brand" loading={busy} onClick={() => void start()}>
                  Continue to Payment
                </Button>
                <LinkButton to={dashboard} variant="outline">
                  Back to Dashboard
                </LinkButton>
              </HStack>
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
