import { Box, Heading, Tabs, Text } from '@chakra-ui/react';
import {
  BadgeCheck,
  BarChart3,
  Building2,
  ClipboardList,
  CreditCard,
  FileCheck,
  FileEdit,
  LayoutDashboard,
  MessageSquare,
  Settings,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../lib/session';
import { showToast } from '../lib/toast';
import { AnalyticsTab } from './admin/AnalyticsTab';
import { ChangeRequestsTab } from './admin/ChangeRequestsTab';
import { ClaimsTab } from './admin/ClaimsTab';
import { CompaniesTab } from './admin/CompaniesTab';
import { CredentialsTab } from './admin/CredentialsTab';
import { OverviewTab } from './admin/OverviewTab';
import { PaymentsTab } from './admin/PaymentsTab';
import { QuoteRequestsTab } from './admin/QuoteRequestsTab';
import { ReviewsTab } from './admin/ReviewsTab';
import { SettingsTab } from './admin/SettingsTab';
import { SubscriptionsTab } from './admin/SubscriptionsTab';
import { VerificationsTab } from './admin/VerificationsTab';
import { Gate } from '../components/Gate';
import { PageLoading } from '../components/PageLoading';

/** The tabs of §2.9 in their order, plus the change-requests queue (DESIGN: owners' edits reviewed by admins). */
const ADMIN_TABS: ReadonlyArray<{ value: string; label: string; icon: ReactNode; panel: () => ReactNode }> = [
  { value: 'overview', label: 'Overview', icon: <LayoutDashboard aria-hidden="true" />, panel: () => <OverviewTab /> },
  { value: 'claims', label: 'Business Claims', icon: <ShieldCheck aria-hidden="true" />, panel: () => <ClaimsTab /> },
  { value: 'reviews', label: 'Reviews', icon: <MessageSquare aria-hidden="true" />, panel: () => <ReviewsTab /> },
  { value: 'subscriptions', label: 'Subscriptions', icon: <Wallet aria-hidden="true" />, panel: () => <SubscriptionsTab /> },
  { value: 'payments', label: 'Payments', icon: <CreditCard aria-hidden="true" />, panel: () => <PaymentsTab /> },
  { value: 'companies', label: 'Companies', icon: <Building2 aria-hidden="true" />, panel: () => <CompaniesTab /> },
  { value: 'verifications', label: 'Verifications', icon: <BadgeCheck aria-hidden="true" />, panel: () => <VerificationsTab /> },
  { value: 'credentials', label: 'Credentials', icon: <FileCheck aria-hidden="true" />, panel: () => <CredentialsTab /> },
  { value: 'change-requests', label: 'Change Requests', icon: <FileEdit aria-hidden="true" />, panel: () => <ChangeRequestsTab /> },
  { value: 'quotes', label: 'Quote Requests', icon: <ClipboardList aria-hidden="true" />, panel: () => <QuoteRequestsTab /> },
  { value: 'analytics', label: 'Traffic Analytics', icon: <BarChart3 aria-hidden="true" />, panel: () => <AnalyticsTab /> },
  { value: 'settings', label: 'Settings', icon: <Settings aria-hidden="true" />, panel: () => <SettingsTab /> },
];

/**
 * The admin guard of §2.8: anyone but an admin gets the "Access Denied" toast and is sent to
 * /login. Returns whether the dashboard may show.
 */
function useAdminGuard(): { allowed: boolean; isLoading: boolean } {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const allowed = user?.role === 'admin';
  // Signing out from here is not a denial: the logout flow shows its own toast and goes home.
  const wasAdmin = useRef(false);
  useEffect(() => {
    if (allowed) wasAdmin.current = true;
  }, [allowed]);
  useEffect(() => {
    if (isLoading || allowed || wasAdmin.current) return;
    showToast({ title: 'Access Denied', description: 'Admin access required. Please log in with admin credentials', type: 'error' });
    void navigate('/login', { replace: true });
  }, [isLoading, allowed, navigate]);
  return { allowed, isLoading };
}

/** /admin and /admin-dashboard (§2.8, §2.9): the admin dashboard behind its guard, the tab kept in `?tab=`. */
export default function AdminPage() {
  const { allowed, isLoading } = useAdminGuard();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = ADMIN_TABS.some((t) => t.value === requested) ? requested! : 'overview';
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab list scrolls sideways: keep the open tab in sight.
  useEffect(() => {
    tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab, allowed]);

  if (isLoading) {
    return <PageLoading label="Loading" />;
  }
  if (!allowed) {
    return (
      <Gate
        title="Admin Access Required"
        text="Please log in with an admin account to see the admin dashboard."
        action="Go to Login"
        to="/login"
        signIn={false}
      />
    );
  }

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '6', md: '8' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Admin Dashboard
      </Heading>
      <Text color="gray.700" mt="1" mb="6">
        Manage companies, claims, reviews, subscribers, quote requests, traffic and settings.
      </Text>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setParams(e.value === 'overview' ? {} : { tab: e.value }, { replace: true })}
        lazyMount
        variant="enclosed"
        size="sm"
        colorPalette="brand"
      >
        <Box overflowX="auto" pb="1" ref={tabList}>
          <Tabs.List minW={{ base: 'max-content', lg: 'auto' }} flexWrap={{ base: 'nowrap', lg: 'wrap' }} bg="gray.100">
            {ADMIN_TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value}>
                {/* Icons only where nine labels with icons fit on one line. */}
                <Box as="span" display={{ base: 'inline-flex', lg: 'none', '2xl': 'inline-flex' }}>
                  {t.icon}
                </Box>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {ADMIN_TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="6">
            {t.panel()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
