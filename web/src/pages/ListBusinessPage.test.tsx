import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt, visitorServer } from '../test/render';
import ListBusinessPage from './ListBusinessPage';

const route = { route: '/list-business', path: '/list-business' };
const me = (role: string) => on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role } });

describe('/list-business', () => {
  it('asks a signed-out visitor to log in', async () => {
    visitorServer();
    renderAt(<ListBusinessPage />, route);
    expect(await screen.findByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login to Continue' })).toHaveAttribute('href', '/login');
  });

  it('asks a non-business user for a business account', async () => {
    fakeServer(me('user'), analytics);
    renderAt(<ListBusinessPage />, route);
    expect(await screen.findByRole('heading', { name: 'Business Account Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Login/ })).toHaveAttribute('href', '/login');
  });

  // Issue 17, defect 4: the form had no price and did not say what it makes.
  it('says it is a free, owned, unverified listing without a badge, what $75/year adds, and links to the paid flow', async () => {
    fakeServer(me('business'), analytics);
    renderAt(<ListBusinessPage />, route);
    const note = await screen.findByTestId('free-listing-note');
    expect(note).toHaveTextContent('This is a free listing');
    expect(note).toHaveTextContent(/owned by your account/);
    expect(note).toHaveTextContent(/unverified and shows no Verified Owner badge/);
    expect(note).toHaveTextContent('A paid listing ($75/year, cancel anytime) adds');
    expect(screen.getByRole('link', { name: 'List with the $75/year plan instead' })).toHaveAttribute('href', '/business-registration');
  });

  it('requires the company name and the full address, and checks the optional fields', async () => {
    fakeServer(me('business'), analytics);
    const { user } = renderAt(<ListBusinessPage />, route);
    expect(await screen.findByRole('heading', { name: 'Register Your Limousine Business' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/ZIP Code/), '12');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Full address is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid ZIP code')).toBeInTheDocument();
  });

  it('fills city, state and coordinates from a picked address and creates the listing', async () => {
    const calls = fakeServer(
      me('business'),
      analytics,
      on('GET', '/api/geo/cities', {
        body: [{ label: 'Miami, FL', city: 'Miami', state: 'FL', latitude: 25.7617, longitude: -80.1918, zipCode: '33128' }],
      }),
      on('POST', '/api/companies', { status: 201, body: { id: 'new' } }),
    );
    const { user } = renderAt(<ListBusinessPage />, route);
    await user.type(await screen.findByLabelText(/Company Name/), 'Biscayne Black Car');
    await user.type(screen.getByLabelText(/Full Address/), '200 Biscayne Blvd, Mia');
    await user.click(await screen.findByRole('option', { name: '200 Biscayne Blvd, Miami, FL 33128' }));
    expect(screen.getByLabelText('City')).toHaveValue('Miami');
    expect(screen.getByLabelText('State')).toHaveValue('FL');
    // The walk found the ZIP left empty after picking an address: it now comes with the pick.
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('33128');
    await user.type(screen.getByLabelText(/Hourly Rate/), '120');
    await user.click(screen.getByRole('checkbox', { name: 'Wedding' }));
    await user.click(screen.getByRole('checkbox', { name: 'Quinceañeras' }));
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stretch Limousine' }));
    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    await expectToast('Success!', 'Your business listing has been created successfully.');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/companies')?.body).toMatchObject({
      name: 'Biscayne Black Car',
      fullAddress: '200 Biscayne Blvd, Miami, FL 33128',
      address: '200 Biscayne Blvd',
      city: 'Miami',
      state: 'FL',
      zipCode: '33128',
      services: ['wedding', 'quinceanera'],
      vehicleTypes: ['stretch-limo', 'party-bus'],
      latitude: 25.7617,
      longitude: -80.1918,
      hourlyRateStart: 120,
    });
  });

  it('shows the server message in a "Registration Failed" toast', async () => {
    fakeServer(
      me('business'),
      analytics,
      on('POST', '/api/companies', { status: 403, body: { message: 'Only business accounts can list a company' } }),
    );
    const { user } = renderAt(<ListBusinessPage />, route);
    await user.type(await screen.findByLabelText(/Company Name/), 'Biscayne Black Car');
    await user.type(screen.getByLabelText(/Full Address/), '200 Biscayne Blvd, Miami, FL');
    await user.click(screen.getByRole('button', { name: 'Register Business' }));
    await expectToast('Registration Failed', 'Only business accounts can list a company');
  });
});
