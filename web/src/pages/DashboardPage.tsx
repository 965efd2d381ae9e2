import { Alert, Box, Button, Flex, Heading, Tabs, Text } from '@chakra-ui/react';
import type { OwnerCompany } from '@limo/contracts';
import {
  BarChart3,
  CreditCard,
  ExternalLink,
  FileCheck,
  Image as ImageIcon,
  MessageSquareQuote,
  Pencil,
  Star,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CompanyCard } from '../components/CompanyCard';
import { Gate } from '../components/Gate';
import { useCurrentUser } from '../lib/session';
import { COMPANY_PARAM, CompanySwitcher, selectedCompany } from './dashboard/CompanySwitcher';
import { useMyCompanies } from './dashboard/data';
import { BillingTab } from './dashboard/BillingTab';
import { CredentialsTab } from './dashboard/CredentialsTab';
import { FreeListingBanner, isFreeListing } from './dashboard/FreeListingBanner';
import { GallerySection } from './dashboard/GallerySection';
import { ImagesTab } from './dashboard/ImagesTab';
import { ProfileExtras } from './dashboard/ProfileExtras';
import { OverviewTab } from './dashboard/OverviewTab';
import { ProfileTab } from './dashboard/ProfileTab';
import { QuotesTab } from './dashboard/QuotesTab';
import { ReviewsTab } from './dashboard/ReviewsTab';
import { PageLoading } from '../components/PageLoading';

/** The banner of §2.10 for the business's claimed/verified state. */
function StateBanner({ company }: { company: OwnerCompany }) {
  if (isFreeListing(company)) return <FreeListingBanner company={company} />;
  if (company.businessVerified) {
    return (
      <Alert.Root status="success" data-testid="state-banner">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Business Listing Active</Alert.Title>
          <Alert.Description>Your business is verified: you have full editing rights on your listing.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="warning" data-testid="state-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{company.claimed ? 'Business Claim Pending Verification' : 'Business Listing Pending Verification'}</Alert.Title>
        <Alert.Description>
          {company.claimed ? 'Payment received. ' : ''}Our team verifies businesses within 1-2 business days. Until then you can answer
          quotes, and profile changes go to our team as a support request and are applied after verification.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The dashboard's tabs: the `tab` parameter's value, the icon and the label (`unverified`: an unverified owner's). */
const TABS = [
  { value: 'overview', icon: BarChart3, label: 'Overview' },
  { value: 'quotes', icon: MessageSquareQuote, label: 'Quotes' },
  { value: 'public', icon: Store, label: 'Public View' },
  { value: 'profile', icon: Pencil, label: 'Edit Profile', unverified: 'Request Changes' },
  { value: 'images', icon: ImageIcon, label: 'Manage Images', unverified: 'Request Image Updates' },
  { value: 'credentials', icon: FileCheck, label: 'Credentials' },
  { value: 'reviews', icon: Star, label: 'Reviews' },
  { value: 'billing', icon: CreditCard, label: 'Billing' },
] as const satisfies readonly { value: string; icon: LucideIcon; label: string; unverified?: string }[];
type TabId = (typeof TABS)[number]['value'];

/**
 * The business-owner dashboard, /dashboard (owner-admin §2.10): the company named by `?company=`,
 * else the first; owners of several companies switch between them.
 */
export default function DashboardPage() {
  const { user, isLoading } = useCurrentUser();
  const companies = useMyCompanies(Boolean(user));
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = TABS.find((t) => t.value === tabParam)?.value ?? 'overview';

  if (isLoading || (user && companies.isPending)) {
    return <PageLoading label="Loading dashboard" />;
  }
  if (!user)
    return (
      <Gate
        title="Business Access Required"
        text="Please log in with your business account to see your dashboard."
        action="Login"
        to="/login"
      />
    );
  const owned = companies.data ?? [];
  const company = selectedCompany(owned, params.get(COMPANY_PARAM));
  if (!company) {
    return (
      <Gate
        title="No Business Listing Found"
        text="Your account has no business listing yet. Register your limousine company to receive quote requests."
        action="Register Your Business"
        to="/business-registration"
      />
    );
  }
  const verified = company.businessVerified;

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
      <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap="3" direction={{ base: 'column', md: 'row' }} mb="4">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {company.name}
          </Heading>
          <Text color="gray.700">Business Dashboard · signed in as {user.email}</Text>
        </Box>
        <CompanySwitcher
          companies={owned}
          selectedId={company.id}
          onSelect={(id) => setParams(id === owned[0]?.id ? {} : { [COMPANY_PARAM]: id })}
        />
        <Button asChild variant="outline" size="sm">
          <RouterLink to={`/company/${encodeURIComponent(company.id)}`}>
            <ExternalLink aria-hidden="true" /> View public page
          </RouterLink>
        </Button>
      </Flex>
      <StateBanner company={company} />
      <Tabs.Root
        key={company.id}
        mt="6"
        value={tab}
        onValueChange={(e) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (e.value === 'overview') next.delete('tab');
              else next.set('tab', e.value);
              return next;
            },
            { replace: true },
          )
        }
        lazyMount
        variant="line"
      >
        <Box overflowX="auto" overflowY="hidden">
          <Tabs.List minW="max-content">
            {TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value}>
                <t.icon aria-hidden="true" /> {!verified && 'unverified' in t ? t.unverified : t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="overview">
          <OverviewTab company={company} />
        </Tabs.Content>
        <Tabs.Content value="quotes">
          <QuotesTab companyId={company.id} />
        </Tabs.Content>
        <Tabs.Content value="public">
          <Text color="gray.700" mb="4">
            This is how customers see your listing in search results.
          </Text>
          <Box maxW="sm">
            <CompanyCard company={company} />
          </Box>
        </Tabs.Content>
        <Tabs.Content value="profile">
          <ProfileTab company={company} verified={verified} />
          <ProfileExtras company={company} verified={verified} />
        </Tabs.Content>
        <Tabs.Content value="images">
          <ImagesTab company={company} verified={verified} />
          <GallerySection company={company} />
        </Tabs.Content>
        <Tabs.Content value="credentials">
          <CredentialsTab company={company} />
        </Tabs.Content>
        <Tabs.Content value="reviews">
          <ReviewsTab companyId={company.id} />
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingTab companyId={company.id} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
