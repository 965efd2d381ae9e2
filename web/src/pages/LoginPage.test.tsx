import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LoginPage from './LoginPage';
import { analytics, currentLocation, expectToast, fakeServer, on, renderAt, visitorServer } from '../test/render';

/** Renders /login and switches it to the business account form. */
async function renderAccountForm() {
  const rendered = renderAt(<LoginPage />, { route: '/login', path: '/login' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Create Business Account' }));
  return rendered;
}

/** Types the account form's three fields and submits it. */
async function submitAccount(user: ReturnType<typeof userEvent.setup>, username: string, email: string, password: string) {
  await user.type(screen.getByLabelText(/Username/), username);
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
}

describe('/login', () => {
  it('shows the sign-in messages of §5 next to the fields', async () => {
    visitorServer();
    const { user } = renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: /Forgot your password/ })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the server message in a "Login Failed" toast', async () => {
    visitorServer(on('POST', '/api/login', { status: 401, body: { message: 'Invalid email or password' } }));
    const { user } = renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await user.type(await screen.findByLabelText(/Email/), 'owner@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Login Failed', 'Invalid email or password');
  });

  it('sends a business owner to /dashboard after sign-in, with the welcome toast', async () => {
    const calls = visitorServer(
      on('POST', '/api/login', { body: { id: 'u1', username: 'owner', email: 'owner@example.com', role: 'business' } }),
    );
    const { user } = renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await user.type(await screen.findByLabelText(/Email/), 'owner@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectToast('Welcome back!', 'You have been logged in successfully.');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({ email: 'owner@example.com', password: 'secret123' });
  });

  it('redirects a signed-in admin to /admin', async () => {
    fakeServer(analytics, on('GET', '/api/me', { body: { id: 'a1', username: 'admin', email: 'admin@example.com', role: 'admin' } }));
    renderAt(<LoginPage />, { route: '/login', path: '/login' });
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  it('shows the registration messages of §5 and creates a business account', async () => {
    const calls = visitorServer(
      on('POST', '/api/register', { status: 201, body: { id: 'u2', username: 'newowner', email: 'new@example.com', role: 'business' } }),
    );
    const { user } = await renderAccountForm();
    await submitAccount(user, 'ab', 'not-an-email', '123');
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Username/));
    await user.type(screen.getByLabelText(/Username/), 'newowner');
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/Password/), '456');
    await user.click(screen.getByRole('button', { name: 'Create Business Account' }));
    await expectToast('Account Created!', 'Welcome! Now list your business to get started.');
    await waitFor(() => expect(currentLocation()).toBe('/list-business'));
    expect(calls.find((c) => c.url === '/api/register')?.body).toEqual({
      username: 'newowner',
      email: 'new@example.com',
      password: '123456',
      role: 'business',
    });
  });

  it('shows a 409 as a "Registration Failed" toast with the server message', async () => {
    visitorServer(on('POST', '/api/register', { status: 409, body: { message: 'An account with this email already exists' } }));
    const { user } = await renderAccountForm();
    await submitAccount(user, 'taken', 'taken@example.com', 'secret123');
    await expectToast('Registration Failed', 'An account with this email already exists');
  });
});
