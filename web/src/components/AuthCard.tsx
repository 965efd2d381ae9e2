import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { LinkButton } from './LinkButton';
import { SubmitButton } from './SubmitButton';

/** The narrow card of the account pages (sign in, forgot and reset password). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <Card.Root boxShadow="lg">{children}</Card.Root>
    </Box>
  );
}

/** The card's centred page title and the line under it. */
export function AuthHeader({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <Card.Header textAlign="center">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="gray.700" mt="1">
        {intro}
      </Text>
    </Card.Header>
  );
}

/** An outcome shown instead of the form: a large icon in `color`, its title, what it means, and the links on. */
export function AuthNotice({
  icon,
  color,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Body textAlign="center" gap="4" alignItems="center">
      <Box color={color} aria-hidden>
        {icon}
      </Box>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="gray.700">{text}</Text>
      {children}
    </Card.Body>
  );
}

export interface AuthFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit(event: FormEvent): void;
  /** The request is under way: the submit button waits and says `pendingText`. */
  pending: boolean;
  submitText: string;
  pendingText: string;
  /** The fields, above the submit button. */
  children: ReactNode;
  /** What follows the submit button (a link back). */
  after?: ReactNode;
}

/** An account page's form: its fields stacked, then its submit button. */
export function AuthForm({ label, onSubmit, pending, submitText, pendingText, children, after }: AuthFormProps) {
  return (
    <Stack asChild gap="4">
      <form noValidate aria-label={label} onSubmit={onSubmit}>
        {children}
        <SubmitButton pending={pending} pendingText={pendingText}>
          {submitText}
        </SubmitButton>
        {after}
      </form>
    </Stack>
  );
}

/** The quiet link back to /login under an account form. */
export function BackToLogin() {
  return (
    <LinkButton to="/login" variant="ghost">
      Back to Login
    </LinkButton>
  );
}
