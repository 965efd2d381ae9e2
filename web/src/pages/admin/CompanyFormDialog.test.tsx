import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOwnerCompany } from '../../test/adminFixtures';
import { fakeServer, on, renderAt, type Call } from '../../test/render';
import { CompanyFormDialog } from './CompanyFormDialog';

const created = { status: 201, body: makeOwnerCompany({ id: 'c9' }) };

function renderForm(company?: Parameters<typeof CompanyFormDialog>[0]['company']) {
  const calls = fakeServer(on('POST', '/api/admin/companies', created), on('PUT', '/api/admin/companies/c1', { body: makeOwnerCompany() }));
  return { calls, ...renderAt(<CompanyFormDialog open company={company} onClose={() => undefined} />) };
}

const sent = (calls: Call[]) => calls.find((c) => c.url.startsWith('/api/admin/companies'))?.body as Record<string, unknown> | undefined;

// Owner-admin §5 "Admin company create/edit": each rule with the message shown next to its field.
const messageCases = [
  { field: /Company Name/, value: '', message: 'Company name is required', rule: 'the name is required' },
  { field: /^Email/, value: 'not-an-email', message: 'Please enter a valid email address', rule: 'the e-mail must be valid' },
  { field: /Business Email/, value: 'nope@', message: 'Please enter a valid business email', rule: 'the business e-mail must be valid' },
  { field: /Website/, value: 'not a url', message: 'Please enter a valid website URL', rule: 'the website must be a URL' },
  { field: /Image URL/, value: 'picture.png', message: 'Please enter a valid image URL', rule: 'the image URL must be a URL' },
] as const;

describe('admin company form (owner-admin §5)', () => {
  it.each(messageCases)('$rule: "$message", and nothing is sent', async ({ field, value, message }) => {
    const { calls, user } = renderForm();
    if (!String(field).includes('Company Name')) await user.type(screen.getByLabelText(/Company Name/), 'Star Limo');
    if (value) await user.type(screen.getByLabelText(field), value);
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls)).toBeUndefined();
  });

  it.each([
    ['email', /^Email/],
    ['website', /Website/],
    ['imageUrl', /Image URL/],
  ])('accepts an empty %s', async (_name, field) => {
    const { calls, user } = renderForm();
    await user.type(screen.getByLabelText(/Company Name/), 'Star Limo');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(screen.getByLabelText(field)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('sends featured and verified as false by default, the price from its list, and turns a non-numeric rate into 0', async () => {
    const { calls, user } = renderForm();
    await user.type(screen.getByLabelText(/Company Name/), 'Star Limo');
    await user.type(screen.getByLabelText(/Hourly Rate/), 'call us');
    await user.selectOptions(screen.getByLabelText('Price Range'), '$$$ Premium');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(sent(calls)).toMatchObject({ name: 'Star Limo', featured: false, verified: false, hourlyRateStart: 0, priceRange: '$$$' });
    expect(screen.getByText('Verified (admin only)')).toBeInTheDocument();
  });

  it('leaves a blank rate out instead of reading it as 0', async () => {
    const { calls, user } = renderForm();
    await user.type(screen.getByLabelText(/Company Name/), 'Star Limo');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(sent(calls)?.hourlyRateStart ?? null).toBeNull();
  });

  it('offers services and vehicle types from the canonical lists and sends each once', async () => {
    const { calls, user } = renderForm(
      makeOwnerCompany({
        id: 'c1',
        services: ['Wedding', 'Wedding Transportation', 'Airport Transfer'],
        vehicleTypes: ['Stretch Limo', 'Stretch Limousine'],
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Proms' }));
    await user.click(screen.getByRole('checkbox', { name: 'Party Bus' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent(calls)).toBeDefined());
    expect(sent(calls)).toMatchObject({ services: ['wedding', 'airport-transfer', 'prom'], vehicleTypes: ['stretch-limo', 'party-bus'] });
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/admin/companies/c1' });
  });
});
