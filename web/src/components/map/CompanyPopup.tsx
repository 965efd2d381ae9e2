import { Box, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MapPoint } from './mapPoints';

/** A marker's popup: the company, linking to its page. */
export function CompanyPopup({ point }: { point: MapPoint }) {
  return (
    <Box data-testid="map-popup" pr="4" color="gray.900">
      <Link asChild fontWeight="semibold" color="brand.700">
        <RouterLink to={`/company/${encodeURIComponent(point.id)}`}>{point.name}</RouterLink>
      </Link>
      {point.place && (
        <Text fontSize="xs" color="gray.700">
          {point.place}
        </Text>
      )}
    </Box>
  );
}
