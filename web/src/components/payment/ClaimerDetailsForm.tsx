import { Button, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CLAIMER_DETAILS_KEY, type ClaimerDetails } from '../../lib/payments';
import { showToast } from '../../lib/toast';
import { toaster } from '../../lib/toaster';
import { FormField } from '../FormField';
import { OptionSelect } from '../OptionSelect';

const ROLES = [
  { value: 'owner', label: 'Owner' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Administrator' },
  { value: 'employee', label: 'Employee' },
];

/**
 * The claimer's details (name, e-mail, phone, role; all required), asked before any payment exists:
 * on the claim page, and on the checkout page when this tab has none stored. Stored in session
 * storage (`claimerDetails`) and handed to `onSubmit`.
 */
export function ClaimerDetailsForm({
  companyName,
  initialEmail = '',
  onSubmit,
  secondary,
}: {
  companyName: string;
  initialEmail?: string;
  onSubmit(details: ClaimerDetails): void;
  secondary?: ReactNode;
}) {
  const [details, setDetails] = useState<ClaimerDetails>({ name: '', email: initialEmail, phone: '', role: 'owner' });
  const set = (key: keyof ClaimerDetails) => (value: string) => setDetails((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim(), role: details.role };
    if (!trimmed.name || !trimmed.email || !trimmed.phone || !trimmed.role) {
      showToast({ title: 'Missing Information', description: 'Please fill in all required fields', type: 'error' });
      return;
    }
    sessionStorage.setItem(CLAIMER_DETAILS_KEY, JSON.stringify(trimmed));
    // A "Missing Information" toast from an earlier try is answered now.
    toaster.remove();
    onSubmit(trimmed);
  };
  return (
    <Stack asChild gap="4">
      <form noValidate aria-label="Claimer details" onSubmit={submit}>
        <Heading as="h2" size="lg">
          Your details
        </Heading>
        <Text color="gray.700" fontSize="sm">
          We use them to verify that you run {companyName}. Your dashboard login is this e-mail.
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Full Name" required>
            <Input autoComplete="name" value={details.name} onChange={(e) => set('name')(e.target.value)} />
          </FormField>
          <FormField label="Email" required>
            <Input type="email" autoComplete="email" value={details.email} onChange={(e) => set('email')(e.target.value)} />
          </FormField>
          <FormField label="Phone" required>
            <Input type="tel" autoComplete="tel" value={details.phone} onChange={(e) => set('phone')(e.target.value)} />
          </FormField>
          <FormField label="Your Role" required>
            <OptionSelect
              value={details.role}
              onChange={(e) => set('role')(e.target.value)}
              options={[{ value: '', label: 'Select your role' }, ...ROLES]}
            />
          </FormField>
        </SimpleGrid>
        <Flex gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand">
            Continue to Payment
          </Button>
          {secondary}
        </Flex>
      </form>
    </Stack>
  );
}
