import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCompanyDetail } from '../test/fixtures';
import { expectToast, on, renderAt, stubIntersections, visitorServer } from '../test/render';
import CompanyPage from './CompanyPage';

const route = { route: '/company/c1', path: '/company/:id' };

describe('/company/{id}', () => {
  // The review form loads when its section comes into view: here, as soon as it is on the page.
  beforeEach(() => {
    stubIntersections({ immediate: true });
  });

  it('shows every section of the profile, records the view and sets the page metadata', async () => {
    const calls = visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail() }));
    renderAt(<CompanyPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunshine Limousines' })).toBeInTheDocument();
    expect(screen.getByText('PREMIUM')).toBeInTheDocument();
    expect(screen.getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Starting at $95/hr')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:3055550100');
    expect(screen.getByRole('link', { name: 'Visit website' })).toHaveAttribute('href', 'https://sunshine.example');
    expect(screen.getByRole('link', { name: 'Own this business? Claim for $75' })).toHaveAttribute('href', '/claim-business?companyId=c1');
    for (const section of ['About', 'Services & Fleet', 'Customer Reviews', 'Quick Contact', 'Write a Review']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    const reviews = screen.getByRole('region', { name: 'Customer Reviews' });
    expect(within(reviews).getByText('Perfect wedding ride.')).toBeInTheDocument();
    expect(within(reviews).getByText('Anonymous')).toBeInTheDocument();
    expect(within(reviews).getByText('5/5')).toBeInTheDocument();
    // The owner's approved reply under the review, with its date, and the verified customer mark (issue 21).
    expect(within(reviews).getByLabelText('Reply from the owner')).toHaveTextContent('Thank you, Ana!');
    expect(within(reviews).getByLabelText('Reply from the owner')).toHaveTextContent('March 3, 2025');
    expect(within(reviews).getAllByText('Verified customer')).toHaveLength(1);
    await waitFor(() => expect(document.title).toContain('Sunshine Limousines'));
    const ld = JSON.parse(document.getElementById('structured-data')?.textContent ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Sunshine Limousines',
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'company_view')).toBe(
        true,
      ),
    );
  });

  it('shows the Verified Owner badge only when the owner is verified', async () => {
    visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail({ verifiedOwner: true }) }));
    renderAt(<CompanyPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunshine Limousines' })).toBeInTheDocument();
    expect(screen.getByText('Verified Owner')).toBeInTheDocument();
  });

  it('shows no Verified Owner badge for an unverified owner', async () => {
    visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail() }));
    renderAt(<CompanyPage />, route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunshine Limousines' })).toBeInTheDocument();
    expect(screen.queryByText('Verified Owner')).not.toBeInTheDocument();
  });

  it('says when there are no reviews yet', async () => {
    visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail({ reviews: [], rating: 0, reviewCount: 0, claimed: true }) }));
    renderAt(<CompanyPage />, route);
    expect(await screen.findByText('No reviews yet. Be the first to leave a review!')).toBeInTheDocument();
    expect(screen.queryByText(/Claim for \$75/)).not.toBeInTheDocument();
  });

  it('shows "Company Not Found" for an unknown id', async () => {
    visitorServer(on('GET', '/api/companies/c1', { status: 404, body: { message: 'Company not found' } }));
    renderAt(<CompanyPage />, route);
    expect(await screen.findByRole('heading', { name: 'Company Not Found' })).toBeInTheDocument();
  });

  it('asks for the reviewer name, then says the review awaits approval', async () => {
    const calls = visitorServer(
      on('GET', '/api/companies/c1', { body: makeCompanyDetail() }),
      on('POST', '/api/reviews', { status: 201, body: { id: 'r9', status: 'pending' } }),
    );
    const { user } = renderAt(<CompanyPage />, route);
    const form = await screen.findByRole('form', { name: 'Write a Review' });
    expect(within(form).getByLabelText(/Rating/)).toHaveValue('5');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Please enter your name')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText(/Rating/), '4');
    await user.type(within(form).getByLabelText(/Your Name/), 'Marco');
    await user.type(within(form).getByLabelText(/Comment/), 'On time and spotless.');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    await expectToast('Review submitted successfully!');
    expect(screen.getAllByText('Your review is pending admin approval and will be visible once approved.').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url === '/api/reviews')?.body).toEqual({
      companyId: 'c1',
      rating: 4,
      reviewerName: 'Marco',
      comment: 'On time and spotless.',
      website: '',
    });
    expect(
      calls.some((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'review_submission'),
    ).toBe(true);
  });

  it('shows a refused review with the server message', async () => {
    visitorServer(
      on('GET', '/api/companies/c1', { body: makeCompanyDetail() }),
      on('POST', '/api/reviews', { status: 429, body: { message: 'Too many reviews from this address. Please try again later.' } }),
    );
    const { user } = renderAt(<CompanyPage />, route);
    const form = await screen.findByRole('form', { name: 'Write a Review' });
    await user.type(within(form).getByLabelText(/Your Name/), 'Marco');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    await expectToast('Error submitting review', 'Too many reviews from this address. Please try again later.');
  });

  it('records call_click and website_click from Call Now, the phone and the website links', async () => {
    const calls = visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail() }));
    renderAt(<CompanyPage />, route);
    await screen.findByRole('heading', { level: 1, name: 'Sunshine Limousines' });
    const clicks = () =>
      calls.filter((c) => c.url === '/api/analytics/track').map((c) => c.body as { actionType: string; companyId?: string });
    // jsdom cannot follow tel: or open tabs: the links' own handlers run, the navigation is stopped.
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('click', stop);
    screen.getByRole('link', { name: 'Call Now' }).click();
    screen.getByRole('link', { name: 'Visit website' }).click();
    document.removeEventListener('click', stop);
    await waitFor(() =>
      expect(clicks().filter((e) => e.actionType !== 'company_view' && e.actionType !== 'page_view')).toEqual([
        expect.objectContaining({ actionType: 'call_click', companyId: 'c1' }),
        expect.objectContaining({ actionType: 'website_click', companyId: 'c1' }),
      ]),
    );
  });

  it('lets the Quick Contact e-mail break only after the "@" and before a dot', async () => {
    visitorServer(on('GET', '/api/companies/c1', { body: makeCompanyDetail({ email: 'reservations@sunshine-limousines.example.com' }) }));
    renderAt(<CompanyPage />, route);
    const email = await screen.findByTestId('quick-contact-email');
    expect(email).toHaveTextContent('reservations@sunshine-limousines.example.com');
    expect(email.innerHTML.replace(/<\/?span>/g, '')).toBe('reservations@<wbr>sunshine-limousines<wbr>.example<wbr>.com');
    expect(email).toHaveAttribute('href', 'mailto:reservations@sunshine-limousines.example.com');
    // Inline, so its parts wrap as one line of text (Chakra's Link is an inline flexbox: each part became a column).
    expect(getComputedStyle(email).display).toBe('inline');
  });
});
