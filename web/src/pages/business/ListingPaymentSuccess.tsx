import { SimpleGrid, Text } from '@chakra-ui/react';
import type { ListingPaymentSuccess as ListingSuccess } from '@limo/contracts';
import { NextStepsCard, PaymentSuccessLayout, Row, SuccessCard } from './PaymentSuccessParts';

/** /payment-success of a listing payment (a new paid listing or an upgrade): the stored listing it paid for. */
export function ListingPaymentSuccess({ result }: { result: ListingSuccess }) {
  return (
    <PaymentSuccessLayout
      maxW="4xl"
      lead={result.upgrade ? `${result.companyName} is now your paid listing.` : `Your paid listing ${result.companyName} is registered.`}
      dashboard={`/dashboard?company=${encodeURIComponent(result.companyId)}`}
      after={
        result.dashboardAccess.email && (
          <Text mt="6" textAlign="center" color="gray.700">
            Your receipt was sent to {result.dashboardAccess.email}.
          </Text>
        )
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <SuccessCard title="Payment Details" testId="payment-details" gap="2">
          <Row label="Listing" value={result.companyName} />
          <Row label="Plan" value="Business Directory Access ($75/year, auto-renews)" />
          <Row label="Amount" value={`$${(result.paymentAmount / 100).toFixed(2)}`} />
          <Row label="Status" value={result.status === 'paid' ? 'Paid Successfully' : 'Refunded'} />
          <Row label="Payment" value={result.paymentIntentId} />
        </SuccessCard>
        <NextStepsCard steps={result.nextSteps} />
      </SimpleGrid>
    </PaymentSuccessLayout>
  );
}
