import { Box, Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '../components/FormField';
import { apiRequest } from '../lib/api';
import { showToast } from '../lib/toast';
import { LinkButton } from '../components/LinkButton';

/** /forgot-password (owner-admin §2.6): the same answer whether or not the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => apiRequest('POST', '/api/forgot-password', { email: address }),
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
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <Card.Root boxShadow="lg">
        {sent ? (
          <Card.Body textAlign="center" gap="4" alignItems="center">
            <Box color="green.600" aria-hidden>
              <MailCheck size={48} />
            </Box>
            <Heading as="h1" size="2xl">
              Check Your Email
            </Heading>
            <Text color="gray.700">
              If an account with <strong>{email.trim()}</strong> exists, we've sent a link to reset your password. The link expires in 1
              hour.
            </Text>
            <LinkButton to="/login" colorPalette="brand" w="full">
              Back to Login
            </LinkButton>
          </Card.Body>
        ) : (
          <>
            <Card.Header textAlign="center">
              <Heading as="h1" size="2xl">
                Forgot Password
              </Heading>
              <Text color="gray.700" mt="1">
                Enter the e-mail of your account and we'll send you a link to reset your password.
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack asChild gap="4">
                <form noValidate aria-label="Request a password reset" onSubmit={submit}>
                  <FormField label="Email" required>
                    <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                  </FormField>
                  <Button type="submit" colorPalette="brand" disabled={send.isPending}>
                    {send.isPending ? 'Sending...' : 'Send Reset Link'}
                  </Button>
                  <LinkButton to="/login" variant="ghost">
                    Back to Login
                  </LinkButton>
                </form>
              </Stack>
            </Card.Body>
          </>
        )}
      </Card.Root>
    </Box>
  );
}
