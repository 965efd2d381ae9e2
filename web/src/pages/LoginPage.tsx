import { Button, Card, Input, Link, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, registerBodySchema, type CurrentUser, type LoginBody, type RegisterBody } from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthCard, AuthForm, AuthHeader } from '../components/AuthCard';
import { FormField } from '../components/FormField';
import { messageOf } from '../lib/api';
import * as client from '../lib/client/account';
import { applyServerErrors } from '../lib/forms';
import { homeForRole, ME_KEY, useCurrentUser } from '../lib/session';
import { showToast } from '../lib/toast';
import { PageLoading } from '../components/PageLoading';

function SignInForm({ onSignedIn }: { onSignedIn(user: CurrentUser): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (body: LoginBody) => client.login(body),
    onSuccess: (user) => {
      showToast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
      onSignedIn(user);
    },
    onError: (error) => {
      applyServerErrors(error, setError, ['email', 'password']);
      showToast({ title: 'Login Failed', description: messageOf(error, 'Invalid email or password'), type: 'error' });
    },
  });
  return (
    <AuthForm
      label="Sign in"
      onSubmit={handleSubmit((body) => login.mutate(body))}
      pending={login.isPending}
      submitText="Sign In"
      pendingText="Signing In..."
    >
      <FormField label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField label="Password" required error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <Link asChild alignSelf="end" fontSize="sm" color="brand.700">
        <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
      </Link>
    </AuthForm>
  );
}

function CreateAccountForm({ onCreated }: { onCreated(user: CurrentUser): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '', role: 'business' },
  });
  const create = useMutation({
    mutationFn: (body: RegisterBody) => client.register({ ...body, role: 'business' }),
    onSuccess: (user) => {
      showToast({ title: 'Account Created!', description: 'Welcome! Now list your business to get started.' });
      onCreated(user);
    },
    onError: (error) => {
      applyServerErrors(error, setError, ['username', 'email', 'password']);
      showToast({ title: 'Registration Failed', description: messageOf(error, 'An error occurred during registration'), type: 'error' });
    },
  });
  return (
    <AuthForm
      label="Create business account"
      onSubmit={handleSubmit((body) => create.mutate(body))}
      pending={create.isPending}
      submitText="Create Business Account"
      pendingText="Creating Account..."
    >
      <FormField label="Username" required error={errors.username?.message}>
        <Input autoComplete="username" {...register('username')} />
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField label="Password" required error={errors.password?.message} helper="At least 6 characters">
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <input type="hidden" {...register('role')} />
    </AuthForm>
  );
}

/** Sign-in and business account creation, /login (§2), with the role redirects. */
export default function LoginPage() {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // Set once this page has sent the user on, so the signed-in redirect below does not race it.
  const leaving = useRef(false);

  const enter = (signedIn: CurrentUser, to: string) => {
    leaving.current = true;
    queryClient.setQueryData(ME_KEY, signedIn);
    void navigate(to, { replace: true });
  };

  if (isLoading) {
    return <PageLoading label="Loading" />;
  }
  if (user && !leaving.current) return <Navigate to={homeForRole(user.role)} replace />;

  return (
    <AuthCard>
      <AuthHeader
        title={creating ? 'Create Business Account' : 'Sign In'}
        intro={creating ? 'List your limousine company and receive quote requests.' : 'Welcome back to LimoDirectory.'}
      />
      <Card.Body>
        {creating ? (
          <CreateAccountForm onCreated={(u) => enter(u, '/list-business')} />
        ) : (
          <SignInForm onSignedIn={(u) => enter(u, homeForRole(u.role))} />
        )}
      </Card.Body>
      <Card.Footer flexDirection="column" gap="0" borderTopWidth="1px" pt="4">
        <Text fontSize="sm" color="gray.700">
          {creating ? 'Already have an account?' : 'Own a limousine company?'}
        </Text>
        <Button variant="plain" size="sm" color="brand.700" onClick={() => setCreating((c) => !c)}>
          {creating ? 'Back to Sign In' : 'Create Business Account'}
        </Button>
      </Card.Footer>
    </AuthCard>
  );
}
