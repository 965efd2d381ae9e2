import { Box, Card, Grid, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_TOPICS, contactBodySchema, SUPPORT_EMAIL, type ContactBody } from '@limo/contracts';
import { useMutation } from '@tanstack/react-query';
import { Clock, Mail, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Choice } from '../../components/Choice';
import { FormField } from '../../components/FormField';
import { IconPoints } from '../../components/IconPoints';
import { messageOf } from '../../lib/api';
import { sendContact } from '../../lib/client/account';
import { applyServerErrors } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { LinkButton } from '../../components/LinkButton';
import { SubmitButton } from '../../components/SubmitButton';

const FIELDS = ['name', 'email', 'phone', 'company', 'topic', 'message'];

/** /contact, the pricing page's "Contact Sales" (owner-admin §2): a form that reaches support by e-mail. */
export default function ContactPage() {
  const [params] = useSearchParams();
  const topicParam = params.get('topic');
  const initialTopic = (CONTACT_TOPICS as readonly string[]).includes(topicParam ?? '') ? (topicParam as ContactBody['topic']) : 'Sales';
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactBody>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: { name: '', email: '', phone: '', company: '', topic: initialTopic, message: '' },
  });
  const send = useMutation({
    mutationFn: sendContact,
    onSuccess: (_res, body) => {
      setSentTo(body.email);
      showToast({ title: 'Message Sent', description: 'Thanks! Our team will reply within 24 hours.' });
    },
    onError: (error) => {
      applyServerErrors(error, setError, FIELDS);
      showToast({ title: 'Error', description: messageOf(error, 'Failed to send your message. Please try again.'), type: 'error' });
    },
  });

  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '14' }}>
      <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
        Contact Sales
      </Heading>
      <Text mt="2" mb="8" color="gray.700" maxW="2xl">
        Questions about plans, claiming your listing or billing? Send us a message and a person will answer.
      </Text>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8" alignItems="start">
        <Card.Root>
          <Card.Body>
            {sentTo ? (
              <Stack align="center" textAlign="center" gap="4" py="8">
                <Box color="green.600" aria-hidden>
                  <MailCheck size={48} />
                </Box>
                <Heading as="h2" size="xl">
                  Thank You!
                </Heading>
                <Text color="gray.700">
                  Thanks! We'll reply to <strong>{sentTo}</strong> within 24 hours.
                </Text>
                <LinkButton to="/pricing" colorPalette="brand">
                  Back to Pricing
                </LinkButton>
              </Stack>
            ) : (
              <Stack asChild gap="4">
                <form noValidate aria-label="Contact form" onSubmit={handleSubmit((body) => send.mutate(body))}>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField label="Your Name" required error={errors.name?.message}>
                      <Input autoComplete="name" {...register('name')} />
                    </FormField>
                    <FormField label="Email" required error={errors.email?.message}>
                      <Input type="email" autoComplete="email" {...register('email')} />
                    </FormField>
                    <FormField label="Phone" error={errors.phone?.message}>
                      <Input type="tel" autoComplete="tel" {...register('phone')} />
                    </FormField>
                    <FormField label="Company" error={errors.company?.message}>
                      <Input autoComplete="organization" {...register('company')} />
                    </FormField>
                  </SimpleGrid>
                  <FormField label="Topic" required error={errors.topic?.message}>
                    <Choice options={CONTACT_TOPICS} registration={register('topic')} />
                  </FormField>
                  <FormField label="Message" required error={errors.message?.message}>
                    <Textarea rows={6} {...register('message')} />
                  </FormField>
                  <SubmitButton alignSelf="start" pending={send.isPending} pendingText="Sending...">
                    Send Message
                  </SubmitButton>
                </form>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <IconPoints
          items={[
            { icon: Mail, title: 'E-mail', text: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> },
            { icon: Clock, title: 'Response Time', text: 'Within 24 hours, 7 days a week. Business account issues within 6 hours.' },
          ]}
          heading="h2"
          cards
          columns={1}
          gap="4"
        />
      </Grid>
    </Box>
  );
}
