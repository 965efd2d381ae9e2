import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportPaymentFailure, type PaymentFailure, type PaymentFlow } from '../../lib/payments';
import { makeCompany, makeCompanyDetail, makePaymentsConfig } from '../../test/fixtures';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt, visitorServer } from '../../test/render';
import BusinessRegistrationPage from './BusinessRegistrationPage';
import CheckoutPage from './CheckoutPage';
import ClaimBusinessPage from './ClaimBusinessPage';
import PaymentSuccessPage from './PaymentSuccessPage';

const config = on('GET', '/api/payments/config', {
  body: makePaymentsConfig({
    testCards: [
      { number: '4242424242424242', outcome: 'succeeds' },
      { number: '4000000000000002', outcome: 'declined (card_declined)' },
    ],
  }),
});
const intent = on('POST', '/api/create-payment-intent', {
  body: {
    clientSecret: 'pi_1_secret_x',
    paymentIntentId: 'pi_1',
    subscriptionId: 'sub_1',
    plan: 'claim',
    amount: 7500,
    currency: 'usd',
    provider: 'simulator',
    testMode: true,
  },
});
const company = on('GET', '/api/companies/c1', { body: makeCompanyDetail() });
/** The simulator's answer to a test card that succeeds. */
const paid = on('POST', '/api/payments/simulator/confirm', {
  body: { status: 'succeeded', paymentIntentId: 'pi_1', testMode: true, nextAction: null },
});

async function payWith(user: ReturnType<typeof renderAt>['user'], card: string, expiry = '12/34', cvc = '123') {
  if (card) await user.type(await screen.findByLabelText(/Card number/), card);
  if (expiry) await user.type(screen.getByLabelText(/Expiry/), expiry);
  if (cvc) await user.type(screen.getByLabelText(/CVC/), cvc);
  await user.click(screen.getByRole('button', { name: /^Pay \$75\.00$/ }));
}

describe('§8 payment toasts', () => {
  it.each<[PaymentFailure, PaymentFlow, string, string]>([
    [{ kind: 'not-ready' }, 'claim', 'Payment Error', 'Payment system not ready. Please refresh the page.'],
    [{ kind: 'incomplete' }, 'claim', 'Payment Error', 'Please complete all payment fields.'],
    [{ kind: 'incomplete', message: 'Your card number is incomplete.' }, 'claim', 'Payment Error', 'Your card number is incomplete.'],
    [{ kind: 'expired' }, 'claim', 'Payment Session Expired', 'Creating a new payment session...'],
    [
      { kind: 'declined', type: 'card_error', message: 'Your card was declined.' },
      'claim',
      'Payment Failed',
      'card_error: Your card was declined.',
    ],
    [{ kind: 'declined', type: 'card_error', message: 'Your card was declined.' }, 'listing', 'Payment Failed', 'Your card was declined.'],
    [{ kind: 'unexpected', message: 'Network down' }, 'claim', 'Payment Error', 'Network down'],
    [
      { kind: 'unexpected' },
      'claim',
      'Payment Error',
      'Unable to process payment. Please check that all fields are filled correctly and try again.',
    ],
  ])('%j in the %s flow shows "%s"', async (failure, flow, title, description) => {
    visitorServer();
    renderAt(<div />);
    const reload = vi.fn();
    reportPaymentFailure(failure, flow, reload);
    await expectToast(title, description);
    if (failure.kind === 'expired') await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 3000 });
  });
});

const claimerDetails = { name: 'Ana Owner', email: 'owner@example.com', phone: '305 555 0100', role: 'owner' };

describe('/checkout', () => {
  const route = { route: '/checkout?plan=claim&price=75&companyId=c1', path: '/checkout' };
  beforeEach(() => sessionStorage.setItem('claimerDetails', JSON.stringify(claimerDetails)));

  it('in a fresh tab (no stored claimer, signed out) asks for the claimer before any payment exists', async () => {
    sessionStorage.clear();
    const calls = visitorServer(config, intent, company);
    const { user } = renderAt(<CheckoutPage />, route);
    const form = await screen.findByRole('form', { name: 'Claimer details' });
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
    await user.type(within(form).getByLabelText(/Full Name/), 'Ana Owner');
    await user.type(within(form).getByLabelText(/Email/), 'owner@example.com');
    await user.type(within(form).getByLabelText(/Phone/), '305 555 0100');
    await user.click(within(form).getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/create-payment-intent')?.body).toMatchObject({
      plan: 'claim',
      companyId: 'c1',
      claimerDetails,
    });
  });

  it('shows the summary left, the simulator form with its test-mode note right, and goes on to /payment-success after 1 second', async () => {
    const calls = visitorServer(config, intent, company, paid);
    const { user } = renderAt(<CheckoutPage />, route);
    expect(screen.getByText('Setting up your payment...')).toBeInTheDocument();
    const summary = screen.getByTestId('order-summary');
    expect(summary).toHaveTextContent('Business Directory Access');
    expect(summary).toHaveTextContent('auto-renews');
    expect(summary).toHaveTextContent('$75.00');
    expect(await within(summary).findByText('Sunshine Limousines')).toBeInTheDocument();
    expect(await screen.findByTestId('test-mode-note')).toHaveTextContent('4242 4242 4242 4242');
    expect(screen.getByRole('link', { name: /Back to Pricing/ })).toHaveAttribute('href', '/pricing');
    expect(calls.find((c) => c.url === '/api/create-payment-intent')?.body).toMatchObject({
      plan: 'claim',
      companyId: 'c1',
      metadata: { plan_name: 'Business Directory Access' },
    });
    await payWith(user, '4242 4242 4242 4242');
    expect(calls.find((c) => c.url === '/api/payments/simulator/confirm')?.body).toMatchObject({
      clientSecret: 'pi_1_secret_x',
      cardNumber: '4242 4242 4242 4242',
    });
    await waitFor(
      () =>
        expect(currentLocation()).toBe(
          '/payment-success?plan=claim&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&companyId=c1',
        ),
      { timeout: 3000 },
    );
  });

  it('shows "Payment Failed" for a declined card and stays on the form', async () => {
    visitorServer(
      config,
      intent,
      company,
      on('POST', '/api/payments/simulator/confirm', { status: 402, body: { message: 'Your card was declined. (test mode)' } }),
    );
    const { user } = renderAt(<CheckoutPage />, route);
    await payWith(user, '4000 0000 0000 0002');
    await expectToast('Payment Failed', 'card_error: Your card was declined. (test mode)');
    expect(currentLocation()).toBe(route.route);
  });

  it('takes the declined card\'s "Payment Failed" away once another card paid', async () => {
    const declinedThenPaid = (call: { method: string; url: string; body?: unknown }) => {
      if (call.url !== '/api/payments/simulator/confirm') return undefined;
      const { cardNumber } = call.body as { cardNumber: string };
      return cardNumber.startsWith('4000')
        ? { status: 402, body: { message: 'Your card was declined. (test mode)' } }
        : { body: { status: 'succeeded', paymentIntentId: 'pi_1', testMode: true, nextAction: null } };
    };
    visitorServer(config, intent, company, declinedThenPaid);
    const { user } = renderAt(<CheckoutPage />, route);
    await payWith(user, '4000 0000 0000 0002');
    await expectToast('Payment Failed');
    await user.clear(screen.getByLabelText(/Card number/));
    await payWith(user, '4242 4242 4242 4242', '', '');
    await waitFor(() => expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument());
  });

  it('asks for every card field before confirming', async () => {
    const calls = visitorServer(config, intent, company);
    const { user } = renderAt(<CheckoutPage />, route);
    await payWith(user, '4242 4242 4242 4242', '12/34', '');
    await expectToast('Payment Error', 'Please complete all payment fields.');
    expect(calls.some((c) => c.url === '/api/payments/simulator/confirm')).toBe(false);
  });

  it('shows "Setup Error" when no payment session can be created', async () => {
    visitorServer(config, company, on('POST', '/api/create-payment-intent', { status: 503, body: { message: 'down' } }));
    renderAt(<CheckoutPage />, route);
    await expectToast('Setup Error', 'Failed to initialize payment. Please try again.');
  });

  it('reads "Creating new payment..." after an expired session reloaded the page', async () => {
    sessionStorage.setItem('limo.payment.renewed', '1');
    visitorServer(config, company);
    renderAt(<CheckoutPage />, route);
    expect(screen.getByText('Creating new payment...')).toBeInTheDocument();
  });

  it('sends other plans to Contact Sales', () => {
    visitorServer(config);
    renderAt(<CheckoutPage />, { route: '/checkout?plan=professional&price=29', path: '/checkout' });
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });
});

describe('/payment-success', () => {
  const answer = {
    plan: 'claim',
    claimId: 'claim_9',
    companyId: 'c1',
    companyName: 'Sunshine Limousines',
    paymentAmount: 7500,
    status: 'pending',
    dashboardAccess: { email: 'owner@example.com', passwordSetupRequired: true, loginUrl: '/login', dashboardUrl: '/dashboard' },
    nextSteps: ['Set your password from the e-mail we sent', 'Our team verifies your claim within 1-2 business days'],
    testMode: true,
  };

  it('records the claim with the claimer details, then shows the claim branch', async () => {
    sessionStorage.setItem(
      'claimerDetails',
      JSON.stringify({ name: 'Ana Owner', email: 'owner@example.com', phone: '305 555 0100', role: 'owner' }),
    );
    const calls = visitorServer(on('POST', '/api/process-payment-success', { body: answer }));
    renderAt(<PaymentSuccessPage />, {
      route: '/payment-success?plan=claim&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&companyId=c1',
      path: '/payment-success',
    });
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('login-credentials')).toHaveTextContent('owner@example.com');
    expect(screen.getByRole('link', { name: 'Login Now' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const details = screen.getByTestId('payment-details');
    for (const text of ['$75.00', 'Paid Successfully', 'Pending Review', 'claim_9']) expect(details).toHaveTextContent(text);
    expect(
      within(screen.getByTestId('next-steps'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(answer.nextSteps);
    expect(screen.getByTestId('support-block')).toHaveTextContent('Response Time: Within 24 hours');
    expect(screen.getByRole('link', { name: 'Access Your Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Directory' })).toHaveAttribute('href', '/');
    expect(calls.filter((c) => c.url === '/api/process-payment-success')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/process-payment-success')?.body).toEqual({
      paymentIntent: 'pi_1',
      paymentIntentClientSecret: 'pi_1_secret_x',
      plan: 'claim',
      companyId: 'c1',
      claimerDetails: { name: 'Ana Owner', email: 'owner@example.com', phone: '305 555 0100', role: 'owner' },
    });
  });

  it('in a fresh tab (no stored claimer) shows the claim the server stored with the payment, never "could not confirm"', async () => {
    const calls = visitorServer(on('POST', '/api/process-payment-success', { body: { ...answer, status: 'approved' } }));
    renderAt(<PaymentSuccessPage />, {
      route: '/payment-success?plan=claim&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&companyId=c1',
      path: '/payment-success',
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-details')).toHaveTextContent('Approved');
    expect(calls.find((c) => c.url === '/api/process-payment-success')?.body).toEqual({
      paymentIntent: 'pi_1',
      paymentIntentClientSecret: 'pi_1_secret_x',
      plan: 'claim',
      companyId: 'c1',
    });
  });

  it('thanks buyers of other plans and links home', () => {
    visitorServer();
    renderAt(<PaymentSuccessPage />, { route: '/payment-success?plan=premium', path: '/payment-success' });
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

describe('/claim-business', () => {
  it('searches on the server, shows the badges and the "No businesses found" message', async () => {
    const calls = visitorServer(
      on('GET', '/api/all-companies', (call) => {
        const search = new URL(call.url, 'http://x').searchParams.get('search');
        if (search === 'zzz') return { body: { items: [], total: 0 } };
        return {
          body: {
            items: [
              makeCompany({ id: 'a', name: 'Open Limo' }),
              makeCompany({ id: 'b', name: 'Taken Limo', claimed: true, rating: 0, reviewCount: 0 }),
            ],
            total: 1900,
          },
        };
      }),
    );
    const { user } = renderAt(<ClaimBusinessPage />, { route: '/claim-business', path: '/claim-business' });
    const [open, taken] = await screen.findAllByTestId('claim-card');
    expect(screen.getByTestId('claim-total')).toHaveTextContent('1,900 businesses');
    expect(open).toHaveTextContent('Available');
    expect(within(open).getByRole('link', { name: 'Claim This Business' })).toHaveAttribute('href', '/claim-business?companyId=a');
    expect(taken).toHaveTextContent('Claimed');
    expect(taken).toHaveTextContent('No ratings yet');
    expect(within(taken).getByRole('button', { name: 'Already Claimed' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Search by business name/), 'zzz');
    expect(await screen.findByText('No businesses found matching "zzz"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact?topic=Listing%20or%20claim');
    expect(calls.at(-1)?.url).toContain('search=zzz');
    // Debounced: the server is asked for what was typed once typing paused, not for every keystroke.
    const searches = calls
      .filter((c) => c.url.includes('/api/all-companies'))
      .map((c) => new URL(c.url, 'http://x').searchParams.get('search'));
    expect(searches).not.toContain('z');
    expect(searches).not.toContain('zz');
  });

  it('confirms the company, requires every claimer detail ("Missing Information"), then stores them and goes to checkout', async () => {
    visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail({ description: null }) }));
    const { user } = renderAt(<ClaimBusinessPage />, { route: '/claim-business?companyId=c1', path: '/claim-business' });
    const card = await screen.findByTestId('claim-confirmation');
    expect(card).toHaveTextContent('Sunshine Limousines');
    expect(card).toHaveTextContent('Miami, FL');
    expect(card).toHaveTextContent('Professional limousine services for all occasions.');
    expect(screen.getByTestId('subscription-box')).toHaveTextContent('$75/year');
    expect(screen.getByRole('link', { name: 'Choose Different Business' })).toHaveAttribute('href', '/claim-business');
    await user.click(screen.getByRole('button', { name: 'Subscribe for $75/year' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await expectToast('Missing Information', 'Please fill in all required fields');
    await user.type(screen.getByLabelText(/Full Name/), 'Ana Owner');
    await user.type(screen.getByLabelText(/^Phone/), '305 555 0100');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(currentLocation()).toBe('/checkout?plan=claim&price=75&companyId=c1'));
    expect(JSON.parse(sessionStorage.getItem('claimerDetails')!)).toEqual({
      name: 'Ana Owner',
      email: 'info@sunshine.example',
      phone: '305 555 0100',
      role: 'owner',
    });
  });
});

describe('paid listing registration', () => {
  const route = { route: '/business-registration', path: '/business-registration' };

  it.each([
    ['Company Name', 'Company name is required', 'x', ''],
    ['Business Email', 'Please enter a valid business email', 'nope', null],
    ['Website', 'Website is required', 'x', ''],
    ['Website', 'Please enter a valid website URL', 'not a url', null],
    ['Full Address', 'Full address is required', 'x', ''],
    ['Email', 'Please enter a valid email', 'nope', null],
    ['Password', 'Password must be at least 6 characters', '123', null],
  ])('checks %s on change: "%s"', async (label, message, typed, cleared) => {
    visitorServer(config);
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    const field = await screen.findByLabelText(new RegExp(`^${label}`));
    await user.type(field, typed);
    if (cleared !== null) await user.clear(field);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says "Passwords don\'t match"', async () => {
    visitorServer(config);
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    await user.type(await screen.findByLabelText(/^Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'secret124');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  async function fillVisitor(user: ReturnType<typeof renderAt>['user']) {
    await user.type(await screen.findByLabelText(/^Email/), 'new@owner.example');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Company Name/), 'Harbor Limo');
    await user.type(screen.getByLabelText(/^Business Email/), 'book@harbor.example');
    await user.type(screen.getByLabelText(/^Website/), 'harbor.example');
    await user.type(screen.getByLabelText(/^Full Address/), '1 Harbor Way, Miami, FL 33101');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  }

  it('takes a visitor through the form, the payment and "Registration Complete!", then /dashboard after 2 seconds', async () => {
    const calls = visitorServer(
      config,
      intent,
      paid,
      on('POST', '/api/register-business-listing', {
        status: 201,
        body: {
          message: 'ok',
          companyId: 'new',
          name: 'Harbor Limo',
          isPaid: true,
          paymentRequired: false,
          user: { id: 'u9', username: 'new@owner.example', email: 'new@owner.example', role: 'business' },
        },
      }),
    );
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    await fillVisitor(user);
    expect(await screen.findByRole('button', { name: /Back to Form/ })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/create-payment-intent')?.body).toMatchObject({
      plan: 'claim',
      metadata: { type: 'business_listing', companyName: 'Harbor Limo', email: 'new@owner.example' },
    });
    await payWith(user, '4242 4242 4242 4242');
    expect(await screen.findByRole('heading', { name: 'Registration Complete!' })).toBeInTheDocument();
    const body = calls.find((c) => c.url === '/api/register-business-listing')?.body as {
      userData: unknown;
      companyData: Record<string, unknown>;
    };
    expect(body.userData).toEqual({ username: 'new@owner.example', email: 'new@owner.example', password: 'secret123', role: 'business' });
    expect(body.companyData).toMatchObject({
      name: 'Harbor Limo',
      website: 'https://harbor.example',
      isPaid: true,
      latitude: null,
      hourlyRateStart: null,
      paymentIntentId: 'pi_1',
    });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'), { timeout: 3500 });
  });

  it('shows "Registration Failed" with the server message when the account cannot be made', async () => {
    visitorServer(
      config,
      intent,
      paid,
      on('POST', '/api/register-business-listing', { status: 409, body: { message: 'An account with this email already exists' } }),
    );
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    await fillVisitor(user);
    await payWith(user, '4242 4242 4242 4242');
    await expectToast('Registration Failed', 'An account with this email already exists');
  });

  it('shows "Payment Setup Error" when the payment cannot start', async () => {
    visitorServer(config, on('POST', '/api/create-payment-intent', { status: 503, body: {} }));
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    await fillVisitor(user);
    await expectToast('Payment Setup Error', 'Failed to initialize payment. Please try again.');
  });

  it('creates a signed-in owner\'s listing first, and shows "Failed to Create Listing" when that fails', async () => {
    const calls = fakeServer(
      on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } }),
      analytics,
      config,
      on('POST', '/api/create-business-listing', { status: 500, body: {} }),
    );
    const { user } = renderAt(<BusinessRegistrationPage />, route);
    expect(await screen.findByTestId('welcome-line')).toHaveTextContent('owner@example.com');
    expect(screen.queryByLabelText(/^Confirm Password/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Company Name/), 'Harbor Limo');
    await user.type(screen.getByLabelText(/^Business Email/), 'book@harbor.example');
    await user.type(screen.getByLabelText(/^Website/), 'https://harbor.example');
    await user.type(screen.getByLabelText(/^Full Address/), '1 Harbor Way, Miami, FL');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await expectToast('Failed to Create Listing', 'Failed to create your business listing. Please try again.');
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
  });
});
