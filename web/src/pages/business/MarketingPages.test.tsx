import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast, on, renderAt, visitorServer } from '../../test/render';
import ContactPage from './ContactPage';
import PricingPage from './PricingPage';
import SubscribePage from './SubscribePage';

describe('/subscribe', () => {
  it('has the six benefit cards, what a listing includes, the $75/year card and its two buttons', async () => {
    visitorServer();
    renderAt(<SubscribePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Grow Your Limousine Business' })).toBeInTheDocument();
    for (const title of [
      'More Customers',
      'Grow Revenue',
      'Build Your Reputation',
      'Local Search Visibility',
      'Direct Contact',
      'Nationwide Reach',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    for (const item of ['Unlimited quote requests', 'Your business listing', 'Customer reviews', 'Business dashboard', 'Cancel anytime']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByTestId('price-card')).toHaveTextContent('$75/year');
    // Issue 17, defect 4: they led to the free form; every "$75/year" button leads to the paid flow.
    const starts = screen.getAllByRole('link', { name: 'Start Your Listing' });
    expect(starts).toHaveLength(2);
    for (const link of starts) expect(link).toHaveAttribute('href', '/business-registration');
    expect(screen.getByRole('link', { name: 'Learn How It Works' })).toHaveAttribute('href', '/how-it-works');
  });
});

describe('/pricing', () => {
  it('shows the three plans, the claim plan at $75/year auto-renewing, and never "one-time"', () => {
    visitorServer();
    renderAt(<PricingPage />);
    for (const figure of ['10,000+', '300%', '500+']) expect(screen.getByText(figure)).toBeInTheDocument();
    const claim = screen.getByTestId('plan-claim');
    expect(claim).toHaveTextContent('Claim Your Business');
    expect(claim).toHaveTextContent('$75/year');
    expect(within(claim).getByTestId('plan-terms')).toHaveTextContent('auto-renews');
    // Issue 17, defect 6: it opened a checkout with no company ("Setup Error"); a claim starts by picking the company.
    expect(within(claim).getByRole('link', { name: 'Claim for $75/year' })).toHaveAttribute('href', '/claim-business');
    const professional = screen.getByTestId('plan-professional');
    expect(professional).toHaveTextContent('$29/month');
    expect(professional).toHaveTextContent('Most Popular');
    expect(professional).toHaveTextContent('Gallery of up to 10 images');
    const premium = screen.getByTestId('plan-premium');
    expect(premium).toHaveTextContent('Premium Elite$79/month');
    // The plans not sold online say so on their card, with no buy button.
    for (const card of [professional, premium]) {
      expect(within(card).getByRole('link')).toHaveTextContent('Contact sales');
      expect(within(card).getByRole('link')).toHaveAttribute('href', '/contact');
      expect(within(card).getByTestId('plan-terms')).toHaveTextContent('Not sold online');
    }
    expect(document.body.textContent).not.toMatch(/one-time/i);
    expect(screen.queryByRole('link', { name: 'Start Professional Plan' })).not.toBeInTheDocument();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).not.toMatch(/^\/checkout/);
    expect(screen.getByRole('link', { name: 'Claim your business for $75/year' })).toHaveAttribute('href', '/claim-business');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });
});

describe('/contact', () => {
  it('checks the form, then mails support and says so', async () => {
    const calls = visitorServer(on('POST', '/api/contact', { body: { message: 'ok' } }));
    const { user } = renderAt(<ContactPage />, { route: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message of at least 10 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Your Name/), 'Rosa Diaz');
    await user.type(screen.getByLabelText(/^Email/), 'rosa@limo.example');
    await user.type(screen.getByLabelText(/^Message/), 'Which plan fits 12 cars?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectToast('Message Sent', 'Thanks! Our team will reply within 24 hours.');
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/contact')?.body).toMatchObject({
      name: 'Rosa Diaz',
      email: 'rosa@limo.example',
      topic: 'Sales',
      message: 'Which plan fits 12 cars?',
    });
  });

  it('shows the server message when sending fails', async () => {
    visitorServer(
      on('POST', '/api/contact', { status: 429, body: { message: 'Too many messages. Please try again later or e-mail us directly.' } }),
    );
    const { user } = renderAt(<ContactPage />, { route: '/contact' });
    await user.type(screen.getByLabelText(/Your Name/), 'Rosa');
    await user.type(screen.getByLabelText(/^Email/), 'rosa@limo.example');
    await user.type(screen.getByLabelText(/^Message/), 'Hello there, a question.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectToast('Error', 'Too many messages. Please try again later or e-mail us directly.');
  });
});
