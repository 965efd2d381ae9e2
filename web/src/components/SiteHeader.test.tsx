import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '@limo/contracts';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt, signedOut, visitorServer } from '../test/render';
import { SiteHeader } from './SiteHeader';

// jsdom applies no media queries, so the header renders its small-screen form here: the drawer.
// The wide-screen links and the user menu are driven in the browser journeys.
const business = on('GET', '/api/me', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } });

describe('site header (small screens)', () => {
  it('opens a drawer with the top links and, signed out, Sign In and List Your Business; a link closes it', async () => {
    visitorServer();
    const { user } = renderAt(<SiteHeader />, { route: '/support' });
    expect(screen.getByRole('link', { name: 'LimoDirectory home' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const [name, href] of [
      ['Browse Companies', '/'],
      ['How It Works', '/how-it-works'],
      ['For Businesses', '/subscribe'],
      ['Support', '/support'],
      ['Sign In', '/login'],
      ['List Your Business', '/list-business'],
    ]) {
      expect(within(drawer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await user.click(within(drawer).getByRole('link', { name: 'How It Works' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/how-it-works');
  });

  it('gives a business user My Dashboard and Logout; logout toasts, refreshes the session and goes home', async () => {
    let signedIn = true;
    fakeServer(
      (call) => (call.url === '/api/me' ? (signedIn ? business(call) : signedOut(call)) : undefined),
      analytics,
      on('POST', '/api/logout', () => {
        signedIn = false;
        return { status: 204 };
      }),
    );
    const { user } = renderAt(<SiteHeader />, { route: '/how-it-works' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(drawer).findByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(drawer).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));
    await expectToast('Logged out successfully');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Menu' })).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('without the signed-in mark, shows Sign In without asking who is signed in (no GET /api/me, no 401 in the console)', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    // Were it asked, the server would name a business user: the page never asks.
    const calls = fakeServer(business, analytics);
    const { user } = renderAt(<SiteHeader />, { route: '/support' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(drawer).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(drawer).queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/me')).toEqual([]);
  });

  it('gives an admin the Admin Dashboard item', async () => {
    fakeServer(analytics, on('GET', '/api/me', { body: { id: 'a1', username: 'admin', email: 'admin@example.com', role: 'admin' } }));
    const { user } = renderAt(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(drawer).findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('toasts a failed logout with the error', async () => {
    fakeServer(business, analytics, on('POST', '/api/logout', { status: 500, body: { message: 'Session store unavailable' } }));
    const { user } = renderAt(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(await within(drawer).findByRole('button', { name: 'Logout' }));
    await expectToast('Logout failed', 'Session store unavailable');
  });
});
