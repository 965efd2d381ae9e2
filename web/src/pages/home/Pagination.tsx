import { Box, Button, IconButton, Pagination as ChakraPagination, Text, useBreakpointValue } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageItems } from '../../lib/search';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** The names the journeys and screen readers know these controls by (Chakra's defaults say "previous page", "page 2"). */
const TRANSLATIONS = {
  rootLabel: 'Pagination',
  prevTriggerLabel: 'Previous',
  nextTriggerLabel: 'Next',
  itemLabel: ({ page }: { page: number }) => String(page),
};

/**
 * Previous, Next, and the page buttons of §2 (first, last, within 2 of the current; "…" at 3): Chakra's
 * Pagination, with §2's page list instead of its fixed-width one.
 */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  // On a phone the row must fit 375 px on one line: pages within 1 of the current one, arrows without words.
  const reach = useBreakpointValue({ base: 1, md: 2 }) ?? 2;
  return (
    <ChakraPagination.Root
      count={totalPages}
      pageSize={1}
      page={page}
      onPageChange={(e) => onPage(e.page)}
      translations={TRANSLATIONS}
      display="flex"
      justifyContent="center"
      flexWrap="wrap"
      gap="1"
      mt="8"
    >
      <ChakraPagination.PrevTrigger asChild>
        <Button variant="outline" size="sm" px={{ base: '2', sm: '3' }}>
          <ChevronLeft aria-hidden="true" />
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            Previous
          </Box>
        </Button>
      </ChakraPagination.PrevTrigger>
      {pageItems(page, totalPages, reach).map((item, index) =>
        typeof item === 'number' ? (
          <ChakraPagination.Item key={item} type="page" value={item} asChild>
            <IconButton size="sm" variant={item === page ? 'solid' : 'outline'} colorPalette={item === page ? 'brand' : 'gray'}>
              {item}
            </IconButton>
          </ChakraPagination.Item>
        ) : (
          <ChakraPagination.Ellipsis key={item} index={index} asChild>
            <Text px={{ base: '0.5', md: '2' }} color="fg.muted" aria-hidden="true">
              …
            </Text>
          </ChakraPagination.Ellipsis>
        ),
      )}
      <ChakraPagination.NextTrigger asChild>
        <Button variant="outline" size="sm" px={{ base: '2', sm: '3' }}>
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            Next
          </Box>
          <ChevronRight aria-hidden="true" />
        </Button>
      </ChakraPagination.NextTrigger>
    </ChakraPagination.Root>
  );
}
