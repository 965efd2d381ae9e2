import { HStack, Text, type StackProps } from '@chakra-ui/react';
import type { Company } from '@limo/contracts';
import { Timer } from 'lucide-react';

/** "1 hour", "3 hours": a response time in business hours, rounded up to whole hours (at least 1). */
export function responseHoursLabel(hours: number): string {
  const n = Math.max(1, Math.ceil(hours));
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
}

/**
 * "Usually responds within N hours" (issue 21): the median business hours from a lead's delivery to
 * the owner's reply over the last 30 days; the server sends it only with at least 3 leads.
 */
export function ResponseTime({ company, ...props }: { company: Pick<Company, 'responseTimeHours' | 'responseRate'> } & StackProps) {
  if (company.responseTimeHours === null) return null;
  const rate = company.responseRate;
  return (
    <HStack gap="1.5" color="gray.700" fontSize="sm" data-testid="response-time" {...props}>
      <Timer size={14} aria-hidden="true" />
      <Text>
        Usually responds within {responseHoursLabel(company.responseTimeHours)}
        {rate !== null ? ` · answers ${Math.round(rate * 100)}% of requests` : ''}
      </Text>
    </HStack>
  );
}
