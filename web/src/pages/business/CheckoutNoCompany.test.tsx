import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { on, renderAt, visitorServer } from '../../test/render';
import CheckoutPage from './CheckoutPage';

// Issue 17, defect 6: /checkout?plan=claim without a company answered "Setup Error — Failed to
// initialize payment" with a "Try Again" that could never work.
describe('/checkout of a claim without a company', () => {
  it('asks to pick the business on /claim-business and starts no payment', async () => {
    const calls = visitorServer(
      on('GET', '/api/payments/config', { status: 503, body: { message: 'not needed' } }),
      on('POST', '/api/create-payment-intent', { status: 400, body: { message: 'Company ID is required' } }),
    );
    renderAt(<CheckoutPage />, { route: '/checkout?plan=claim&price=75', path: '/checkout' });
    expect(screen.getByRole('heading', { name: 'Choose the business you are claiming' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Your Business' })).toHaveAttribute('href', '/claim-business');
    expect(screen.getByText(/nothing has been charged/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Setup Error|could not start the payment/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/create-payment-intent')).toBe(false);
  });
});
