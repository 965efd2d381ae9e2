import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt } from '../test/render';
import CityQuotePage from './CityQuotePage';

const route = { route: '/request-city-quote', path: '/request-city-quote' };

async function fillValidForm(user: ReturnType<typeof renderAt>['user'], city = 'Rockford, IL') {
  await user.type(screen.getByLabelText(/City of Service/), city);
  await user.type(screen.getByLabelText(/Full Name/), 'Jane Doe');
  await user.type(screen.getByLabelText(/Email Address/), 'jane@example.com');
  await user.type(screen.getByLabelText(/Phone Number/), '815-555-0100');
  await user.selectOptions(screen.getByLabelText(/Service Type/), 'Wedding');
  await user.type(screen.getByLabelText(/Pickup Location/), '1 Main St, Rockford');
  await user.type(screen.getByLabelText(/Dropoff Location/), 'Rockford Hotel');
  await user.click(screen.getByRole('button', { name: /Trip Date/ }));
  await user.click(await screen.findByRole('button', { name: 'Go to next month' }));
  await user.click(screen.getByRole('button', { name: '15' }));
  await user.selectOptions(screen.getByLabelText(/Trip Time/), '1:30 PM');
  await user.selectOptions(screen.getByLabelText(/Number of Passengers/), '5-6');
  await user.selectOptions(screen.getByLabelText(/Preferred Vehicle Type/), 'Stretch Limousine');
}

describe('/request-city-quote', () => {
  it('keeps Send disabled with a hint until a city is entered, then says the area is selected', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<CityQuotePage />, route);
    const send = screen.getByRole('button', { name: 'Send Quote Request' });
    expect(send).toBeDisabled();
    expect(screen.getByText(/Please select a city of service/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/City of Service/), 'Rockford, IL');
    expect(send).toBeEnabled();
    expect(screen.getByText(/Service area selected/)).toHaveTextContent('Rockford, IL');
    for (const tile of ['Free', '24 Hours', 'Multiple']) expect(screen.getByText(tile)).toBeInTheDocument();
  });

  it('shows every message of §5 next to its field', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<CityQuotePage />, route);
    await user.type(screen.getByLabelText(/City of Service/), 'Rockford');
    await user.type(screen.getByLabelText(/Phone Number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    for (const message of [
      'Please enter city and state in format: City, State (e.g., Rockford, IL)',
      'Name is required',
      'Valid email is required',
      'Phone number is required',
      'Service type is required',
      'Pickup location is required',
      'Dropoff location is required',
      'Trip date is required',
      'Trip time is required',
      'Passenger count is required',
      'Vehicle type is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.clear(screen.getByLabelText(/City of Service/));
    await user.type(screen.getByLabelText(/City of Service/), 'Rockford, I');
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    expect(await screen.findByText('Please enter city and state in format: City, State (e.g., Rockford, IL)')).toBeInTheDocument();
  });

  it('offers 48 half-hour slots and a calendar without past days, where a second click clears the date', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<CityQuotePage />, route);
    const times = within(screen.getByLabelText(/Trip Time/))
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value);
    expect(times).toHaveLength(48);
    expect(times.at(-1)).toHaveTextContent('11:30 PM');

    await user.click(screen.getByRole('button', { name: /Trip Date/ }));
    expect(await screen.findByRole('button', { name: 'Go to previous month' })).toBeDisabled();
    const today = new Date();
    // Chakra's day cells are buttons by role, disabled by aria-disabled.
    if (today.getDate() > 1)
      expect(screen.getByRole('button', { name: String(today.getDate() - 1) })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Go to next month' }));
    await user.click(screen.getByRole('button', { name: '10' }));
    const trigger = screen.getByRole('button', { name: /Trip Date/ });
    await waitFor(() => expect(trigger).not.toHaveTextContent('Pick a date'));
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: '10' }));
    expect(trigger).toHaveTextContent('Pick a date');
  });

  it('sends the 12 fields, toasts companiesNotified, resets and goes home', async () => {
    const calls = fakeServer(
      analytics,
      on('POST', '/api/city-quote-requests', { status: 201, body: { id: 'cq1', companiesNotified: 12, companies: [] } }),
    );
    const { user } = renderAt(<CityQuotePage />, route);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    await expectToast('Quote Request Sent!', /sent to 12 limousine companies in Rockford, IL/);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    const body = calls.find((c) => c.url === '/api/city-quote-requests')?.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'customerEmail',
        'customerName',
        'customerPhone',
        'dropoffLocation',
        'passengerCount',
        'pickupLocation',
        'serviceType',
        'targetCity',
        'tripDate',
        'tripTime',
        'vehicleType',
      ].sort(),
    );
    expect(body.tripDate).toMatch(/^\d{4}-\d{2}-15$/);
    expect(body).toMatchObject({
      targetCity: 'Rockford, IL',
      tripTime: '1:30 PM',
      passengerCount: '5-6',
      vehicleType: 'Stretch Limousine',
    });
  });

  it('says how many companies, and which kind, will get the request before sending; the toast names them', async () => {
    const calls = fakeServer(
      analytics,
      on('GET', '/api/city-quote-requests/preview', {
        body: {
          city: 'Miami, FL',
          companiesNotified: 5,
          companiesServing: 100,
          verifiedOwners: 2,
          owners: 1,
          unclaimed: 2,
          maxCompanies: 5,
        },
      }),
      on('POST', '/api/city-quote-requests', {
        status: 201,
        body: {
          id: 'cq3',
          companiesNotified: 2,
          companies: [
            { id: 'a', name: 'Biscayne Limo' },
            { id: 'b', name: 'Brickell Cars' },
          ],
        },
      }),
    );
    const { user } = renderAt(<CityQuotePage />, route);
    await fillValidForm(user, 'Miami, FL');
    const reach = await screen.findByText(/Your request will go to 5 limousine companies in this city, the best matched of 100/);
    expect(reach).toHaveTextContent(
      '2 verified owners, 1 other owner and 2 listings not yet claimed (invited to claim first, without your details)',
    );
    // Asked again as the trip takes shape: the match weighs the service and the vehicle.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith('/api/city-quote-requests/preview?'))
          .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams)),
      ).toContainEqual({ targetCity: 'Miami, FL', serviceType: 'Wedding', vehicleType: 'Stretch Limousine' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    await expectToast('Quote Request Sent!', /sent to 2 limousine companies in Miami, FL: Biscayne Limo, Brickell Cars\./);
  });

  it('keeps the form when no company serves the city, and resends to a nearby city the visitor picks', async () => {
    const calls = fakeServer(
      analytics,
      on('POST', '/api/city-quote-requests', (call) =>
        (call.body as { targetCity: string }).targetCity === 'Rockford, IL'
          ? {
              status: 422,
              body: {
                message: 'No limousine company serves Rockford, IL yet.',
                nearbyCities: [
                  { city: 'Janesville', state: 'WI', label: 'Janesville, WI', companies: 1, distanceMiles: 29 },
                  { city: 'Chicago', state: 'IL', label: 'Chicago, IL', companies: 100, distanceMiles: 80 },
                ],
              },
            }
          : { status: 201, body: { id: 'cq2', companiesNotified: 1, companies: [] } },
      ),
    );
    const { user } = renderAt(<CityQuotePage />, route);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));

    expect(await screen.findByText('No limousine company serves Rockford, IL yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chicago, IL (100 companies, 80 mi)' })).toBeInTheDocument();
    expect(screen.queryByText('Quote Request Sent!')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/request-city-quote');
    expect(screen.getByLabelText(/City of Service/)).toHaveValue('Rockford, IL');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jane Doe');
    expect(screen.getByLabelText(/Preferred Vehicle Type/)).toHaveValue('Stretch Limousine');

    await user.click(screen.getByRole('button', { name: 'Janesville, WI (1 company, 29 mi)' }));
    expect(screen.getByLabelText(/City of Service/)).toHaveValue('Janesville, WI');
    expect(screen.queryByText('No limousine company serves Rockford, IL yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    await expectToast('Quote Request Sent!', /sent to 1 limousine company in Janesville, WI/);
    const sent = calls.filter((c) => c.url === '/api/city-quote-requests').map((c) => c.body as Record<string, string>);
    expect(sent.map((b) => b.targetCity)).toEqual(['Rockford, IL', 'Janesville, WI']);
    expect(sent[1]).toMatchObject({ customerName: 'Jane Doe', vehicleType: 'Stretch Limousine', tripTime: '1:30 PM' });
  });

  it('keeps the form and toasts the failure when the server refuses', async () => {
    fakeServer(analytics, on('POST', '/api/city-quote-requests', { status: 500, body: { message: 'boom' } }));
    const { user } = renderAt(<CityQuotePage />, route);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Quote Request' }));
    await expectToast('Error', 'Failed to send quote request. Please try again.');
    expect(currentLocation()).toBe('/request-city-quote');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jane Doe');
  });
});
