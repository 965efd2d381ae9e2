import { Box, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '../../components/LinkButton';
import { colorValue } from '../../theme';

/** One label and value of a payment-success card. */
export function Row({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap="4" fontSize="sm">
      <Text color="gray.700">{label}</Text>
      <Text fontWeight="semibold" textAlign="right">
        {value}
      </Text>
    </Flex>
  );
}

/** A card of the payment-success page under its heading. */
export function SuccessCard({
  title,
  testId,
  gap,
  fontSize,
  children,
}: {
  title: string;
  testId?: string;
  gap?: string;
  fontSize?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={gap} fontSize={fontSize}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The "What Happens Next" card: the server's next steps in order. */
export function NextStepsCard({ steps }: { steps: readonly string[] }) {
  return (
    <SuccessCard title="What Happens Next">
      <List.Root as="ol" gap="2" ps="5" data-testid="next-steps">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List.Root>
    </SuccessCard>
  );
}

/**
 * A paid page of /payment-success: "Payment Successful!" over `lead`, its cards, what is said
 * under them, and the ways on (the dashboard at `dashboard`, or back to the directory).
 */
export function PaymentSuccessLayout({
  maxW,
  lead,
  dashboard,
  after,
  children,
}: {
  maxW: string;
  lead: ReactNode;
  dashboard: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box maxW={maxW} mx="auto" px={{ base: '4', md: '6' }} py="10">
      <Stack align="center" textAlign="center" gap="2" mb="8">
        <CheckCircle2 size={56} color={colorValue('green.600')} aria-hidden="true" />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Payment Successful!
        </Heading>
        <Text color="gray.700">{lead}</Text>
      </Stack>
      {children}
      {after}
      <Flex gap="3" justify="center" mt="8" wrap="wrap">
        <LinkButton to={dashboard} colorPalette="brand" size="lg">
          Access Your Dashboard
        </LinkButton>
        <LinkButton to="/" variant="outline" size="lg">
          Return to Directory
        </LinkButton>
      </Flex>
    </Box>
  );
}
