import { Box, Button, Card, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ListingPaymentSuccess as ListingSuccess } from '@limo/contracts';
import { CheckCircle2 } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

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

/** /payment-success of a listing payment (a new paid listing or an upgrade): the stored listing it paid for. */
export function ListingPaymentSuccess({ result }: { result: ListingSuccess }) {
  const dashboard = `/dashboard?company=${encodeURIComponent(result.companyId)}`;
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
      <Stack align="center" textAlign="center" gap="2" mb="8">
        <CheckCircle2 size={56} color="#2f855a" aria-hidden="true" />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Payment Successful!
        </Heading>
        <Text color="gray.700">
          {result.upgrade ? `${result.companyName} is now your paid listing.` : `Your paid listing ${result.companyName} is registered.`}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Card.Root data-testid="payment-details">
          <Card.Header>
            <Heading as="h2" size="md">
              Payment Details
            </Heading>
          </Card.Header>
          <Card.Body gap="2">
            <Row label="Listing" value={result.companyName} />
            <Row label="Plan" value="Business Directory Access ($75/year, auto-renews)" />
            <Row label="Amount" value={`$${(result.paymentAmount / 100).toFixed(2)}`} />
            <Row label="Status" value={result.status === 'paid' ? 'Paid Successfully' : 'Refunded'} />
            <Row label="Payment" value={result.paymentIntentId} />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              What Happens Next
            </Heading>
          </Card.Header>
          <Card.Body>
            <List.Root as="ol" gap="2" ps="5" data-testid="next-steps">
              {result.nextSteps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      {result.dashboardAccess.email && (
        <Text mt="6" textAlign="center" color="gray.700">
          Your receipt was sent to {result.dashboardAccess.email}.
        </Text>
      )}
      <Flex gap="3" justify="center" mt="8" wrap="wrap">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={dashboard}>Access Your Dashboard</RouterLink>
        </Button>
        <Button asChild variant="outline" size="lg">
          <RouterLink to="/">Return to Directory</RouterLink>
        </Button>
      </Flex>
    </Box>
  );
}
