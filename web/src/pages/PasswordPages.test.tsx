import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';
import { currentLocation, expectToast, on, renderAt, visitorServer } from '../test/render';

describe('/forgot-password', () => {
  it.each([
    ['an empty e-mail', '', undefined, 'Email Required', 'Please enter your email address'],
    [
      'a server failure',
      'owner@example.com',
      { status: 500, body: { message: 'boom' } },
      'Error',
      'Failed to send reset email. Please try again.',
    ],
    [
      'a sent link',
      'owner@example.com',
      { status: 200, body: { message: 'ok' } },
      'Reset Link Sent',
      "If an account with that email exists, we've sent a password reset link.",
    ],
  ])('shows the toast of §5/§8 for %s', async (_case, email, reply, title, description) => {
    const calls = visitorServer(on('POST', '/api/forgot-password', reply ?? { status: 500 }));
    const { user } = renderAt(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
    if (email) await user.type(screen.getByLabelText(/Email/), email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectToast(title, description);
    expect(calls.some((c) => c.url === '/api/forgot-password')).toBe(Boolean(reply));
  });

  it('shows "Check Your Email" with a way back to login once sent', async () => {
    visitorServer(on('POST', '/api/forgot-password', { body: { message: 'ok' } }));
    const { user } = renderAt(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
    await user.type(screen.getByLabelText(/Email/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('/reset-password', () => {
  const route = '/reset-password?token=tok123';
  async function fill(user: ReturnType<typeof renderAt>['user'], password: string, confirm: string) {
    if (password) await user.type(screen.getByLabelText(/^New Password/), password);
    if (confirm) await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('shows "Invalid Reset Link" and the "Invalid Link" toast without a token', async () => {
    visitorServer();
    renderAt(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    await expectToast('Invalid Link');
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a short password', '12345', '12345', 'Password Too Short', 'Password must be at least 6 characters long'],
    ['different passwords', 'secret123', 'secret124', "Passwords Don't Match", 'Please make sure both passwords match'],
  ])('refuses %s with the toast of §5', async (_case, password, confirm, title, description) => {
    const calls = visitorServer();
    const { user } = renderAt(<ResetPasswordPage />, { route, path: '/reset-password' });
    await fill(user, password, confirm);
    await expectToast(title, description);
    expect(calls.some((c) => c.url === '/api/reset-password')).toBe(false);
  });

  it('toggles each password between hidden and shown', async () => {
    visitorServer();
    const { user } = renderAt(<ResetPasswordPage />, { route, path: '/reset-password' });
    const input = screen.getByLabelText(/^New Password/);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]);
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows "Reset Failed" with the server message, or the fallback', async () => {
    visitorServer(on('POST', '/api/reset-password', { status: 500, body: {} }));
    const { user } = renderAt(<ResetPasswordPage />, { route, path: '/reset-password' });
    await fill(user, 'secret123', 'secret123');
    await expectToast('Reset Failed', 'Failed to reset password. Please try again.');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('switches to "Invalid Reset Link" when the server says "Invalid or expired"', async () => {
    visitorServer(on('POST', '/api/reset-password', { status: 400, body: { message: 'Invalid or expired reset token' } }));
    const { user } = renderAt(<ResetPasswordPage />, { route, path: '/reset-password' });
    await fill(user, 'secret123', 'secret123');
    await expectToast('Reset Failed', 'Invalid or expired reset token');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
  });

  it('sends the token and the new password, then goes to /login after 3 seconds', async () => {
    const calls = visitorServer(on('POST', '/api/reset-password', { body: { message: 'ok' } }));
    const { user } = renderAt(<ResetPasswordPage />, { route, path: '/reset-password' });
    await fill(user, 'secret123', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/reset-password')?.body).toEqual({ token: 'tok123', newPassword: 'secret123' });
    expect(currentLocation()).toBe(route);
    // Still here well before the 3 seconds (a loaded machine may have taken a while to show the heading).
    await new Promise((r) => setTimeout(r, 1500));
    expect(currentLocation()).toBe(route);
    await waitFor(() => expect(currentLocation()).toBe('/login'), { timeout: 3000 });
  });
});
