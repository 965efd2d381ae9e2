import { Input, SimpleGrid } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './FormField';

type Contact = 'name' | 'email' | 'phone';

export interface ContactFieldsProps {
  /** The form fields of the customer's name, e-mail and phone. */
  fields: Record<Contact, UseFormRegisterReturn>;
  errors: Partial<Record<Contact, string>>;
  /** The e-mail field's label ("Email" by default). */
  emailLabel?: string;
  /** From which width e-mail and phone stand side by side. */
  sideBySideFrom: 'sm' | 'md';
}

/** A quote request's contact details: full name, then e-mail and phone (all required). */
export function ContactFields({ fields, errors, emailLabel = 'Email', sideBySideFrom }: ContactFieldsProps) {
  return (
    <>
      <FormField label="Full Name" required error={errors.name}>
        <Input {...fields.name} autoComplete="name" />
      </FormField>
      <SimpleGrid columns={{ base: 1, [sideBySideFrom]: 2 }} gap="4">
        <FormField label={emailLabel} required error={errors.email}>
          <Input type="email" {...fields.email} autoComplete="email" />
        </FormField>
        <FormField label="Phone Number" required error={errors.phone}>
          <Input type="tel" {...fields.phone} autoComplete="tel" />
        </FormField>
      </SimpleGrid>
    </>
  );
}
