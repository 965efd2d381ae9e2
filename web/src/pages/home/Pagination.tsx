import { Box, Button, HStack, IconButton, Text, useBreakpointValue } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageItems } from '../../lib/search';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** Previous, Next, and the page buttons of §2 (first, last, within 2 of the current; "…" at 3). */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  // On a phone the row must fit 375 px on one line: pages within 1 of the current one, arrows without words.
  const reach = useBreakpointValue({ base: 1, md: 2 }) ?? 2;
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" wrap="wrap" gap="1" mt="8">
      <Button
        variant="outline"
        size="sm"
        px={{ base: '2', sm: '3' }}
        aria-label="Previous"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          Previous
        </Box>
      </Button>
      {pageItems(page, totalPages, reach).map((item) =>
        typeof item === 'number' ? (
          <IconButton
            key={item}
            size="sm"
            variant={item === page ? 'solid' : 'outline'}
            colorPalette={item === page ? 'brand' : 'gray'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </IconButton>
        ) : (
          <Text key={item} px={{ base: '0.5', md: '2' }} color="gray.600" aria-hidden="true">
            …
          </Text>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        px={{ base: '2', sm: '3' }}
        aria-label="Next"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          Next
        </Box>
        <ChevronRight aria-hidden="true" />
      </Button>
    </HStack>
  );
}
