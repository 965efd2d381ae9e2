import { Box, Card, HStack, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Shown at the card's top right. */
  icon?: ReactNode;
  /** A small line under the figure (what it counts). */
  help?: ReactNode;
  testId?: string;
  /** What follows the figure (its change since the last period). */
  children?: ReactNode;
}

/** One figure on a card: its label, the figure, and optionally an icon and a line under it (admin and owner overviews). */
export function StatCard({ label, value, icon, help, testId, children }: StatCardProps) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body p={{ base: '4', md: '6' }}>
        <HStack justify="space-between" align="start" gap="2">
          <Stat.Root>
            <Stat.Label color="gray.700">{label}</Stat.Label>
            <Stat.ValueText fontSize="2xl">{value}</Stat.ValueText>
          </Stat.Root>
          {icon && <Box color="brand.700">{icon}</Box>}
        </HStack>
        {help && (
          <Text fontSize="xs" color="gray.600" mt="1">
            {help}
          </Text>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
