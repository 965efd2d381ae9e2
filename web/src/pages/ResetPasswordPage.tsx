import { Card } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard, AuthForm, AuthHeader, AuthNotice, BackToLogin } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { PasswordInput } from '../components/PasswordInput';
import { messageOf } from '../lib/api';
import { resetPassword } from '../lib/client/account';
import { showToast } from '../lib/toast';
import { LinkButton } from '../components/LinkButton';

/** §9: the delay before /login after a successful reset. */
const LOGIN_REDIRECT_MS = 3000;

function InvalidLink() {
  return (
    <AuthNotice
      icon={<TriangleAlert size={48} />}
      color="red.600"
      title="Invalid Reset Link"
      text="This password reset link is invalid or has expired. Reset links work once and expire after 1 hour."
    >
      <LinkButton to="/forgot-password" colorPalette="brand" w="full">
        Request New Reset Link
      </LinkButton>
      <LinkButton to="/login" variant="ghost" w="full">
        Back to Login
      </LinkButton>
    </AuthNotice>
  );
}

/** /reset-password?token=... (owner-admin §2.7): a new password, then /login after 3 seconds. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState(!token);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) showToast({ title: 'Invalid Link', description: 'Reset token is missing', type: 'error' });
  }, [token]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login'), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
    onSuccess: () => {
      setDone(true);
      showToast({ title: 'Password Reset Successful', description: 'Your password has been reset. Redirecting to login...' });
    },
    onError: (error) => {
      const message = messageOf(error, 'Failed to reset password. Please try again.');
      if (/Invalid or expired/i.test(message) || /Invalid or expired/i.test(error.message)) setInvalid(true);
      showToast({ title: 'Reset Failed', description: message, type: 'error' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return showToast({ title: 'Invalid Token', description: 'Reset token is missing', type: 'error' });
    if (password.length < 6)
      return showToast({ title: 'Password Too Short', description: 'Password must be at least 6 characters long', type: 'error' });
    if (password !== confirm)
      return showToast({ title: "Passwords Don't Match", description: 'Please make sure both passwords match', type: 'error' });
    reset.mutate();
  };

  let body;
  if (invalid) body = <InvalidLink />;
  else if (done)
    body = (
      <AuthNotice
        icon={<CircleCheck size={48} />}
        color="green.600"
        title="Password Reset Successful"
        text="Your password has been changed. Taking you to the login page in 3 seconds..."
      >
        <LinkButton to="/login" colorPalette="brand" w="full">
          Go to Login
        </LinkButton>
      </AuthNotice>
    );
  else
    body = (
      <>
        <AuthHeader title="Reset Your Password" intro="Choose a new password of at least 6 characters." />
        <Card.Body>
          <AuthForm
            label="Set a new password"
            onSubmit={submit}
            pending={reset.isPending}
            submitText="Reset Password"
            pendingText="Resetting..."
            after={<BackToLogin />}
          >
            <FormField label="New Password" required helper="At least 6 characters">
              <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
            <FormField label="Confirm Password" required>
              <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </FormField>
          </AuthForm>
        </Card.Body>
      </>
    );

  return <AuthCard>{body}</AuthCard>;
}
