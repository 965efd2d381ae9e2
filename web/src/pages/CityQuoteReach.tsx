import { Flex, Text } from '@chakra-ui/react';
import { isCityStateText, type CityQuotePreview } from '@limo/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Info } from 'lucide-react';
import * as client from '../lib/client/account';
import { queryKeys } from '../lib/queryKeys';
import { useDebounced } from '../lib/useDebounced';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 verified owners, 1 other owner and 2 listings invited to claim first". */
function kinds(p: CityQuotePreview): string {
  const parts = [
    p.verifiedOwners > 0 && plural(p.verifiedOwners, 'verified owner', 'verified owners'),
    p.owners > 0 && plural(p.owners, 'other owner', 'other owners'),
    p.unclaimed > 0 && `${plural(p.unclaimed, 'listing', 'listings')} not yet claimed (invited to claim first, without your details)`,
  ].filter((s): s is string => Boolean(s));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/**
 * The city form's "service area selected" line (public-side §2), with how many companies and which kind
 * the request will reach, asked of `GET /api/city-quote-requests/preview` as the visitor types.
 */
export function CityQuoteReach({ city, serviceType, vehicleType }: { city: string; serviceType?: string; vehicleType?: string }) {
  const settled = useDebounced({ city, serviceType, vehicleType }, 300);
  const params = new URLSearchParams({ targetCity: settled.city });
  if (settled.serviceType) params.set('serviceType', settled.serviceType);
  if (settled.vehicleType) params.set('vehicleType', settled.vehicleType);
  const query = params.toString();
  const preview = useQuery({
    queryKey: queryKeys.cityQuotePreview(query),
    queryFn: ({ signal }) => client.cityQuotePreview(query, signal),
    enabled: isCityStateText(settled.city),
    staleTime: 30_000,
  });

  if (!city) {
    return (
      <Flex gap="2" align="center" color="gray.700" role="status">
        <Info size={18} aria-hidden="true" />
        <Text>Please select a city of service in step 1 to send your request.</Text>
      </Flex>
    );
  }
  const reach = preview.data && settled.city === city ? preview.data : undefined;
  return (
    <Flex gap="2" align="start" color="green.700" role="status" data-testid="city-quote-reach">
      <CheckCircle2 size={18} aria-hidden="true" style={{ marginTop: 3, flexShrink: 0 }} />
      <Text>
        Service area selected: <strong>{city}</strong>.{' '}
        {!reach
          ? 'Your request will go to limousine companies in this city.'
          : reach.companiesNotified === 0
            ? 'No limousine company serves this city yet.'
            : `Your request will go to ${plural(reach.companiesNotified, 'limousine company', 'limousine companies')} in this city${
                reach.companiesServing > reach.companiesNotified ? `, the best matched of ${reach.companiesServing}` : ''
              }: ${kinds(reach)}.`}
      </Text>
    </Flex>
  );
}
