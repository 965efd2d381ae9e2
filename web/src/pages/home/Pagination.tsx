import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageItems } from '../../lib/search';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** Previous, Next, and the page buttons of §2 (first, last, within 2 of the current; "…" at 3). */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" wrap="wrap" gap="1" mt="8">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      {pageItems(page, totalPages).map((item) =>
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
          <Text key={item} px="2" color="gray.600" aria-hidden="true">
            …
          </Text>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </HStack>
  );
}
