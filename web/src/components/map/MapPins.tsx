import { Box } from '@chakra-ui/react';
import type { MapPoint } from './mapPoints';

/** A company's marker: its number in the list, highlighted while the company is active in the list or on the map. */
export function CompanyPin({
  point,
  number,
  active,
  onActivate,
  onOpen,
}: {
  point: MapPoint;
  number: number;
  active: boolean;
  onActivate(id: string | null): void;
  onOpen(id: string): void;
}) {
  return (
    <Box
      as="button"
      data-testid="map-marker"
      data-company-id={point.id}
      aria-label={`${point.name} on the map`}
      aria-pressed={active}
      minW="7"
      h="7"
      px="1.5"
      rounded="full"
      borderWidth="2px"
      borderColor="white"
      bg={active ? 'gold.400' : 'brand.700'}
      color={active ? 'gray.900' : 'white'}
      fontSize="xs"
      fontWeight="bold"
      boxShadow="md"
      cursor="pointer"
      transform={active ? 'scale(1.25)' : undefined}
      zIndex={active ? 1 : undefined}
      onMouseEnter={() => onActivate(point.id)}
      onMouseLeave={() => onActivate(null)}
      onFocus={() => onActivate(point.id)}
      onBlur={() => onActivate(null)}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(point.id);
      }}
    >
      {number}
    </Box>
  );
}

/** Several companies too close to tell apart at this zoom (named once known): clicking zooms in on them. */
export function ClusterPin({ count, companies, onOpen }: { count: number; companies?: readonly MapPoint[]; onOpen(): void }) {
  return (
    <Box
      as="button"
      data-testid="map-cluster"
      data-count={count}
      data-company-ids={companies?.map((c) => c.id).join(' ')}
      aria-label={`${count} companies here${companies ? ` (${companies.map((c) => c.name).join(', ')})` : ''}: zoom in`}
      w="9"
      h="9"
      rounded="full"
      borderWidth="3px"
      borderColor="brand.600"
      bg="white"
      color="brand.800"
      fontSize="sm"
      fontWeight="bold"
      boxShadow="md"
      cursor="pointer"
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      {count}
    </Box>
  );
}
