import { Box, SimpleGrid, Stat } from '@chakra-ui/react';
import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { searchCompanies } from '../../lib/client';
import { queryKeys } from '../../lib/queryKeys';

/** How many companies the directory lists: the total of an unfiltered search. */
function useListedCount(): number | undefined {
  const query = useQuery({
    queryKey: queryKeys.companies.listedCount(),
    queryFn: async ({ signal }) => (await searchCompanies('limit=1', signal)).total,
    staleTime: 5 * 60_000,
  });
  return query.data ?? undefined;
}

/** The stats strip (§2): the company count from data, the rest fixed marketing figures (§9). */
export const StatsStrip = memo(function StatsStrip() {
  const listed = useListedCount();
  const stats = [
    { value: listed === undefined ? '—' : listed.toLocaleString('en-US'), label: 'Companies Listed' },
    { value: '450+', label: 'Cities Covered' },
    { value: '125k+', label: 'Bookings Made' },
    { value: '4.8', label: 'Average Rating' },
    { value: '500+', label: 'Customer Reviews' },
  ];
  return (
    <Box as="section" aria-label="Directory in numbers" bg="brand.900" color="white" py="10" px={{ base: '4', md: '6' }}>
      <SimpleGrid maxW="6xl" mx="auto" columns={{ base: 2, md: 5 }} gap="6">
        {stats.map((s) => (
          // The label comes first in the markup (a <dt> before its <dd>) and shows below the figure.
          <Stat.Root key={s.label} textAlign="center" alignItems="center" flexDirection="column-reverse">
            <Stat.Label color="brand.100">{s.label}</Stat.Label>
            <Stat.ValueText fontSize="3xl" color="gold.300" data-testid={s.label === 'Companies Listed' ? 'listed-count' : undefined}>
              {s.value}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
});
