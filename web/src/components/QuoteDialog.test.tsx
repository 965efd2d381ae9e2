import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analytics, expectToast, fakeServer, on, renderAt } from '../test/render';
import QuoteDialog from './QuoteDialog';

type User = ReturnType<typeof userEvent.setup>;

const company = { id: 'c1', name: 'Sunshine Limousines', vehicleTypes: [] };

function tomorrowIso() {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Fills a valid Wedding request for Jane Doe (pickup and passengers as given) and submits it. */
async function submitWeddingQuote(user: User, dialog: HTMLElement, pickup: string, passengers: string) {
  await user.selectOptions(within(dialog).getByLabelText(/Service Type/), 'Wedding');
  await user.type(within(dialog).getByLabelText(/Pickup Location/), pickup);
  await user.type(within(dialog).getByLabelText(/Trip Date/), tomorrowIso());
  await user.selectOptions(within(dialog).getByLabelText(/Trip Time/), '6:45 PM');
  await user.selectOptions(within(dialog).getByLabelText(/Number of Passengers/), passengers);
  await user.type(within(dialog).getByLabelText(/Full Name/), 'Jane Doe');
  await user.type(within(dialog).getByLabelText(/Email/), 'jane@example.com');
  await user.type(within(dialog).getByLabelText(/Phone Number/), '305-555-0199');
  await user.click(within(dialog).getByRole('button', { name: 'Submit Quote Request' }));
}

describe('quote dialog', () => {
  it('asks for the service type first and keeps Submit disabled until one is chosen', async () => {
    fakeServer(analytics);
    renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Submit Quote Request' })).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Pickup Location/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Full Name/)).toBeInTheDocument();
  });

  it('shows and requires dropoff only for the five trip types', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    const type = within(dialog).getByLabelText(/Service Type/);
    await user.selectOptions(type, 'Wedding');
    expect(within(dialog).getByLabelText(/Pickup Location/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Dropoff Location/)).not.toBeInTheDocument();
    for (const t of ['To Airport', 'From Airport', 'Point-to-Point (one-way)', 'To Cruiseport', 'From Cruiseport']) {
      await user.selectOptions(type, t);
      expect(within(dialog).getByLabelText(/Dropoff Location/)).toBeInTheDocument();
    }
  });

  it('shows every message of §5 next to its field', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(/Service Type/), 'To Airport');
    await user.type(within(dialog).getByLabelText(/Full Name/), 'A');
    await user.type(within(dialog).getByLabelText(/Email/), 'nope');
    await user.type(within(dialog).getByLabelText(/Phone Number/), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Quote Request' }));
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please enter pickup location',
      'Please select trip date',
      'Please select trip time',
      'Please select number of passengers',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }

    await user.type(within(dialog).getByLabelText(/Pickup Location/), 'Hotel Victor, Miami');
    await user.type(within(dialog).getByLabelText(/Trip Date/), tomorrowIso());
    await user.selectOptions(within(dialog).getByLabelText(/Trip Time/), '9:00 AM');
    await user.selectOptions(within(dialog).getByLabelText(/Number of Passengers/), '3-4');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Quote Request' }));
    expect(await within(dialog).findByText('Please enter dropoff location')).toBeInTheDocument();
  });

  it('offers 15-minute slots, today as the earliest date, and the default vehicles', async () => {
    fakeServer(analytics);
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(/Service Type/), 'Wedding');
    const times = within(within(dialog).getByLabelText(/Trip Time/))
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value);
    expect(times).toHaveLength(96);
    expect(times[0]).toHaveTextContent('12:00 AM');
    expect(times[1]).toHaveTextContent('12:15 AM');
    expect(times[95]).toHaveTextContent('11:45 PM');
    const today = new Date();
    expect(within(dialog).getByLabelText(/Trip Date/)).toHaveAttribute(
      'min',
      `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`,
    );
    expect(within(within(dialog).getByLabelText(/Vehicle Type/)).getByRole('option', { name: 'Motorcoach' })).toBeInTheDocument();
  });

  it('sends the request, names the company in the toast, records the event and closes', async () => {
    const calls = fakeServer(analytics, on('POST', '/api/quote-requests', { status: 201, body: { id: 'q1' } }));
    const onOpenChange = vi.fn();
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog');
    await submitWeddingQuote(user, dialog, '1 Main St, Miami, FL', '5-8');
    await expectToast('Quote Request Sent!', 'Your quote request has been sent to Sunshine Limousines. They will contact you soon.');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.url === '/api/quote-requests')?.body).toMatchObject({
      companyId: 'c1',
      serviceType: 'Wedding',
      tripTime: '6:45 PM',
      passengerCount: '5-8',
      customerName: 'Jane Doe',
    });
    const event = calls.find((c) => c.url === '/api/analytics/track' && (c.body as { actionType: string }).actionType === 'quote_request');
    expect(event?.body).toMatchObject({ companyId: 'c1' });
  });

  it('shows the server 400 next to the field and the failure toast', async () => {
    fakeServer(
      analytics,
      on('POST', '/api/quote-requests', {
        status: 400,
        body: { message: 'Trip date cannot be in the past', errors: [{ field: 'tripDate', message: 'Trip date cannot be in the past' }] },
      }),
    );
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await submitWeddingQuote(user, dialog, '1 Main St', '1-2');
    await expectToast('Error', 'Failed to send quote request. Please try again.');
    expect(within(dialog).getByText('Trip date cannot be in the past')).toBeInTheDocument();
  });
});

// Issue 19: without a maps key the pickup and dropoff fields had no suggestions at all.
describe('quote dialog address suggestions without a maps key', () => {
  it("offers the gazetteer's addresses in pickup and dropoff", async () => {
    fakeServer(
      analytics,
      on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty' } }),
      on('GET', '/api/geo/cities', {
        body: [{ label: 'Miami, FL', city: 'Miami', state: 'FL', latitude: 25.7617, longitude: -80.1918, zipCode: '33128' }],
      }),
    );
    const { user } = renderAt(<QuoteDialog company={company} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText(/Service Type/), 'To Airport');
    for (const [field, street] of [
      [/Pickup Location/, '12 Ocean Dr'],
      [/Dropoff Location/, '2100 NW 42nd Ave'],
    ] as const) {
      const input = within(dialog).getByLabelText(field);
      await user.type(input, `${street}, Mia`);
      await user.click(await screen.findByRole('option', { name: `${street}, Miami, FL 33128` }));
      expect(input).toHaveValue(`${street}, Miami, FL 33128`);
    }
  });
});
