import { Badge, Card, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ListingPriceCardProps extends Omit<Card.RootProps, 'children'> {
  /** The gold badge's text, e.g. "BUSINESS LISTING". */
  badge: string;
  /** What is said under the price, and the buttons. */
  children: ReactNode;
}

/** The paid listing's gold-bordered price card: its badge and "$75/year". */
export function ListingPriceCard({ badge, children, ...card }: ListingPriceCardProps) {
  return (
    <Card.Root borderWidth="2px" borderColor="gold.400" boxShadow="xl" {...card}>
      <Card.Body gap="3" textAlign="center" alignItems="center">
        <Badge bg="gold.400" color="gray.900">
          {badge}
        </Badge>
        <Text fontSize="5xl" fontWeight="bold" color="brand.800" lineHeight="1">
          $75
          <Text as="span" fontSize="lg" fontWeight="medium" color="gray.700">
            /year
          </Text>
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
