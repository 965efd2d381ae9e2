import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { createQueryClient } from './lib/api';
import { lazyWithReload } from './lib/chunks';
import type { AppStyles } from './lib/servedStyles';
// The home page is the landing page most visits start on: its code comes in the entry chunk (one
// download with React and Chakra) instead of ~40 small route chunks, each a round trip on a phone.
import HomePage from './pages/HomePage';
import { themeSystem, themeSystemForServedPage } from './theme';

const CompanyPage = lazyWithReload(() => import('./pages/CompanyPage'));
const CityPage = lazyWithReload(() => import('./pages/CityPage'));
const StatePage = lazyWithReload(() => import('./pages/StatePage'));
const CityQuotePage = lazyWithReload(() => import('./pages/CityQuotePage'));
const LoginPage = lazyWithReload(() => import('./pages/LoginPage'));
const ListBusinessPage = lazyWithReload(() => import('./pages/ListBusinessPage'));
const HowItWorksPage = lazyWithReload(() => import('./pages/HowItWorksPage'));
const SupportPage = lazyWithReload(() => import('./pages/SupportPage'));
const ForgotPasswordPage = lazyWithReload(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyWithReload(() => import('./pages/ResetPasswordPage'));
const SubscribePage = lazyWithReload(() => import('./pages/business/SubscribePage'));
const PricingPage = lazyWithReload(() => import('./pages/business/PricingPage'));
const ContactPage = lazyWithReload(() => import('./pages/business/ContactPage'));
const DashboardPage = lazyWithReload(() => import('./pages/DashboardPage'));
const CheckoutPage = lazyWithReload(() => import('./pages/business/CheckoutPage'));
const PaymentSuccessPage = lazyWithReload(() => import('./pages/business/PaymentSuccessPage'));
const ClaimBusinessPage = lazyWithReload(() => import('./pages/business/ClaimBusinessPage'));
const BusinessRegistrationPage = lazyWithReload(() => import('./pages/business/BusinessRegistrationPage'));
const NotFoundPage = lazyWithReload(() => import('./pages/NotFoundPage'));
const AdminPage = lazyWithReload(() => import('./pages/AdminPage'));

/** The screens of both specs' §2, each loaded with its route; the paths are `APP_ROUTE_PATHS`'s. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="company/:id" element={<CompanyPage />} />
        <Route path="limo-service/:state" element={<StatePage />} />
        <Route path="limo-service/:state/:city" element={<CityPage />} />
        <Route path="request-city-quote" element={<CityQuotePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="list-business" element={<ListBusinessPage />} />
        <Route path="business-listing-form" element={<ListBusinessPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        <Route path="claim-business" element={<ClaimBusinessPage />} />
        <Route path="business-registration" element={<BusinessRegistrationPage />} />
        <Route path="register-business" element={<BusinessRegistrationPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="admin-dashboard" element={<AdminPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** Where the styles go (lib/servedStyles.ts): the server's collecting cache, or a served page's; else Emotion's own. */
  styles?: AppStyles;
  children: ReactNode;
}

/** Design system and data cache around `children` (the browser's router, or the gateway's static one). */
export function AppProviders({ queryClient, styles, children }: AppProvidersProps) {
  const app = (
    <ChakraProvider value={styles?.globalsServed ? themeSystemForServedPage() : themeSystem()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ChakraProvider>
  );
  return styles ? <CacheProvider value={styles.cache}>{app}</CacheProvider> : app;
}

/**
 * The whole app in the browser; `queryClient` may come with data the page was served with, `styles` with
 * the styles it was served with.
 */
export function App({ queryClient: given, styles }: { queryClient?: QueryClient; styles?: AppStyles } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient} styles={styles}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
