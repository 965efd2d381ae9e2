import { Card, Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AuthCard, AuthForm, AuthHeader, AuthNotice, BackToLogin } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { forgotPassword } from '../lib/client/account';
import { showToast } from '../lib/toast';
import { LinkButton } from '../components/LinkButton';

/** /forgot-password (owner-admin §2.6): the same answer whether or not the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: forgotPassword,
    onSuccess: () => {
      setSent(true);
      showToast({ title: 'Reset Link Sent', description: "If an account with that email exists, we've sent a password reset link." });
    },
    onError: () => showToast({ title: 'Error', description: 'Failed to send reset email. Please try again.', type: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      showToast({ title: 'Email Required', description: 'Please enter your email address', type: 'error' });
      return;
    }
    send.mutate(address);
  };

  return (
    <AuthCard>
      {sent ? (
        <AuthNotice
          icon={<MailCheck size={48} />}
          color="green.600"
          title="Check Your Email"
          text={
            <>
              If an account with <strong>{email.trim()}</strong> exists, we've sent a link to reset your password. The link expires in 1
              hour.
            </>
          }
        >
          <LinkButton to="/login" colorPalette="brand" w="full">
            Back to Login
          </LinkButton>
        </AuthNotice>
      ) : (
        <>
          <AuthHeader title="Forgot Password" intro="Enter the e-mail of your account and we'll send you a link to reset your password." />
          <Card.Body>
            <AuthForm
              label="Request a password reset"
              onSubmit={submit}
              pending={send.isPending}
              submitText="Send Reset Link"
              pendingText="Sending..."
              after={<BackToLogin />}
            >
              <FormField label="Email" required>
                <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </FormField>
            </AuthForm>
          </Card.Body>
        </>
      )}
    </AuthCard>
  );
}
