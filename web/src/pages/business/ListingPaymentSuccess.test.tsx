import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { on, renderAt, visitorServer } from '../../test/render';
import PaymentSuccessPage from './PaymentSuccessPage';

describe('/payment-success of a listing payment', () => {
  const answer = {
    plan: 'listing',
    paymentIntentId: 'pi_7',
    companyId: 'c7',
    companyName: 'Bayfront Black Car Co',
    paymentAmount: 7500,
    status: 'paid',
    upgrade: true,
    dashboardAccess: { email: 'owner@example.com', loginUrl: '/login', dashboardUrl: '/dashboard?company=c7' },
    nextSteps: ['Your existing listing is now the paid listing: no second copy of your company was created.'],
    testMode: true,
  };

  it('asks the server for the stored listing of the payment and shows it (no "could not confirm")', async () => {
    const calls = visitorServer(on('POST', '/api/process-payment-success', { body: answer }));
    renderAt(<PaymentSuccessPage />, {
      route: '/payment-success?plan=listing&payment_intent=pi_7&payment_intent_client_secret=pi_7_secret_x&companyId=c7',
      path: '/payment-success',
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Bayfront Black Car Co is now your paid listing.')).toBeInTheDocument();
    const details = screen.getByTestId('payment-details');
    for (const text of ['Bayfront Black Car Co', '$75.00', 'Paid Successfully', 'pi_7']) expect(details).toHaveTextContent(text);
    expect(within(screen.getByTestId('next-steps')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Access Your Dashboard' })).toHaveAttribute('href', '/dashboard?company=c7');
    expect(calls.find((c) => c.url === '/api/process-payment-success')?.body).toEqual({
      paymentIntent: 'pi_7',
      paymentIntentClientSecret: 'pi_7_secret_x',
      plan: 'listing',
      companyId: 'c7',
    });
  });

  it('says a refunded listing payment was refunded', async () => {
    visitorServer(on('POST', '/api/process-payment-success', { body: { ...answer, status: 'refunded' } }));
    renderAt(<PaymentSuccessPage />, { route: '/payment-success?plan=listing&payment_intent=pi_7&companyId=c7', path: '/payment-success' });
    expect(await screen.findByTestId('payment-details')).toHaveTextContent('Refunded');
  });
});
