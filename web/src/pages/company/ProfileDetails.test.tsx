import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeCompanyDetail, makeOwnerCompany } from '../../test/fixtures';
import { analytics, expectToast, fakeServer, on, renderAt } from '../../test/render';
import { GallerySection } from '../dashboard/GallerySection';
import { parseCities, ProfileExtras } from '../dashboard/ProfileExtras';
import { BusinessHoursTable, CompanyGallery, FleetList, OpenNowBadge, ServiceAreaText } from './ProfileDetails';

// jsdom has no PointerEvent; user-event creates one when a Chakra checkbox takes focus.
window.PointerEvent ??= class PointerEvent extends MouseEvent {} as typeof window.PointerEvent;

const nineToFive = { open: '09:00', close: '17:00' };
const hours = { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive, sat: null, sun: null };
const gallery = [
  { id: 'g1', url: '/api/images/g1' },
  { id: 'g2', url: '/api/images/g2' },
  { id: 'g3', url: '/api/images/g3' },
];

describe('the company page’s richer profile (issue 21)', () => {
  it('shows the gallery in the owner’s order', () => {
    renderAt(<CompanyGallery company={makeCompanyDetail({ name: 'Gala Limo', gallery })} />);
    const images = within(screen.getByTestId('company-gallery')).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['/api/images/g1', '/api/images/g2', '/api/images/g3']);
    expect(images[0]).toHaveAttribute('alt', 'Gala Limo, 1 of 3');
  });

  it('shows the hours per weekday, and "Open now" / "Closed now" in the company’s time zone', async () => {
    const company = makeCompanyDetail({ hours, state: 'FL' });
    const table = renderAt(<BusinessHoursTable company={company} />);
    expect(screen.getByRole('row', { name: /Monday 09:00 – 17:00/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Saturday Closed/ })).toBeInTheDocument();
    expect(await screen.findByTestId('open-now')).toHaveTextContent(/^(Open|Closed) now$/);
    table.unmount();
    // Wednesday 11:30 in Miami, 08:30 in Los Angeles.
    const at = () => new Date('2026-03-04T16:30:00Z');
    renderAt(<OpenNowBadge company={company} now={at} />);
    expect(await screen.findByText('Open now')).toBeInTheDocument();
    renderAt(<OpenNowBadge company={{ hours, state: 'CA' }} now={at} />);
    expect(await screen.findByText('Closed now')).toBeInTheDocument();
  });

  it('renders no Open now badge on the server (the visitor’s clock is known after hydration only)', () => {
    const html = renderToString(<OpenNowBadge company={{ hours, state: 'FL' }} />);
    expect(html).not.toMatch(/Open now|Closed now/);
  });

  it('shows the service area and the fleet', () => {
    renderAt(<ServiceAreaText company={makeCompanyDetail({ city: 'Miami', state: 'FL', serviceArea: { radiusMiles: 40 } })} />);
    expect(screen.getByTestId('service-area')).toHaveTextContent('Within 40 miles of Miami, FL');
    renderAt(
      <FleetList
        company={makeCompanyDetail({ fleet: [{ type: 'Party Bus', capacity: 30, photoUrl: '/api/images/bus', hourlyRate: 250 }] })}
      />,
    );
    expect(screen.getByText('Up to 30 passengers · $250/hour')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Party Bus' })).toHaveAttribute('src', '/api/images/bus');
  });
});

describe('the owner’s Gallery section', () => {
  const measure = async () => ({ width: 800, height: 600 });

  it('uploads, moves and deletes images through the gallery API', async () => {
    const calls = fakeServer(
      analytics,
      on('POST', '/api/my-companies/c1/gallery', { status: 201, body: { image: gallery[2], gallery } }),
      on('PUT', '/api/my-companies/c1/gallery/order', (call) => ({
        body: { gallery: (call.body as { imageIds: string[] }).imageIds.map((id) => gallery.find((g) => g.id === id)) },
      })),
      on('DELETE', '/api/my-companies/c1/gallery/g1', { body: { gallery: [gallery[1], gallery[2]] } }),
    );
    const { user } = renderAt(<GallerySection company={makeOwnerCompany({ id: 'c1', gallery: gallery.slice(0, 2) })} measure={measure} />);
    await user.upload(screen.getByLabelText('Choose a gallery image'), new File([new Uint8Array(100)], 'pic.png', { type: 'image/png' }));
    await expectToast('Image uploaded successfully!');
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['g2', 'g1', 'g3'] });

    await user.click(await screen.findByRole('button', { name: 'Delete photo 2' }));
    await expectToast('Image deleted');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/my-companies/c1/gallery/g1')).toBe(true);
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.imageId)).toEqual(['g2', 'g3']);
  });

  it('says when the gallery is full', () => {
    fakeServer(analytics);
    const ten = Array.from({ length: 10 }, (_, i) => ({ id: `g${i}`, url: `/api/images/g${i}` }));
    renderAt(<GallerySection company={makeOwnerCompany({ gallery: ten })} measure={measure} />);
    expect(screen.getByRole('button', { name: /Gallery full/ })).toBeDisabled();
  });
});

describe('the owner’s Hours, Service area and Fleet editor', () => {
  it('sends the hours, the cities and the fleet with the owner’s edit', async () => {
    const calls = fakeServer(analytics, on('PUT', '/api/companies/c1', { body: makeOwnerCompany() }));
    const { user } = renderAt(<ProfileExtras company={makeOwnerCompany({ id: 'c1' })} verified />);
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service area' }), 'cities');
    await user.type(screen.getByRole('textbox'), 'Miami, FL{enter}Hialeah, FL');
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vehicle type' }), 'party-bus');
    await user.click(screen.getByRole('button', { name: 'Save hours, area and fleet' }));
    await expectToast('Success');
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.hours).toMatchObject({ mon: nineToFive, tue: null });
    expect(body.serviceArea).toEqual({
      cities: [
        { city: 'Miami', state: 'FL' },
        { city: 'Hialeah', state: 'FL' },
      ],
    });
    expect(body.fleet).toEqual([{ type: 'party-bus', capacity: 4, photoUrl: null, hourlyRate: null }]);
  });

  it('reads "City, ST" lines', () => {
    expect(parseCities(' St. Louis, MO \n\nClayton,MO')).toEqual([
      { city: 'St. Louis', state: 'MO' },
      { city: 'Clayton', state: 'MO' },
    ]);
  });
});
