import { Box, Button, Card, EmptyState, Flex, Grid, Heading, SimpleGrid, Text, useMediaQuery, VStack, Icon } from '@chakra-ui/react';
import { AlertTriangle, Map as MapIcon, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CompanyCard, CompanyCardSkeleton } from '../../components/CompanyCard';
import { FormField } from '../../components/FormField';
import { OptionSelect } from '../../components/OptionSelect';
import { ResultsMap } from '../../components/map/ResultsMap';
import { useCompanySearch } from '../../lib/companies';
import { assumedTotal, PAGE_SIZE, SORT_OPTIONS, type SearchFilters, type SortMode } from '../../lib/search';
import { Pagination } from './Pagination';

export interface CompanyResultsProps {
  heading: string;
  query: URLSearchParams;
  filters: SearchFilters;
  page: number;
  sort: SortMode;
  onPage(page: number): void;
  onSort(sort: SortMode): void;
  onClearFilters(): void;
  /** Called with the ids of each page of results once it is shown. */
  onShown?(companyIds: string[]): void;
}

/** The result area of §2: skeletons, the error card, the empty state, or the cards with pagination. */
export function CompanyResults({ heading, query, filters, page, sort, onPage, onSort, onClearFilters, onShown }: CompanyResultsProps) {
  const search = useCompanySearch(query);
  const companies = search.data?.companies ?? [];
  const shown = search.isSuccess ? search.data : undefined;
  // Once per page of results, whatever the callback's identity.
  const report = useRef(onShown);
  report.current = onShown;
  useEffect(() => {
    if (shown) report.current?.(shown.companies.map((c) => c.id));
  }, [shown]);
  const total = search.data ? (search.data.total ?? assumedTotal(filters)) : 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The map sits beside the list on wide screens; on a phone it is behind a toggle, its code loaded when first shown.
  const [wide] = useMediaQuery(['(min-width: 1024px)'], { fallback: [false] });
  const [mapOpen, setMapOpen] = useState(false);
  // The company hovered or focused in the list or on the map, highlighted in both.
  const [activeId, setActiveId] = useState<string | null>(null);
  const withMap = !search.isError && !(search.isSuccess && companies.length === 0);

  return (
    <Box as="section" aria-labelledby="results-heading" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
      <Flex justify="space-between" align={{ base: 'start', md: 'end' }} gap="4" direction={{ base: 'column', md: 'row' }} mb="6">
        <Box>
          <Heading as="h2" id="results-heading" size="2xl" scrollMarginTop="96px">
            {heading}
          </Heading>
          {search.isSuccess && companies.length > 0 && (
            <Text mt="1" color="gray.700" data-testid="page-info">
              Page {page} of {totalPages} - Showing {companies.length} companies
            </Text>
          )}
        </Box>
        <Box minW="48">
          <FormField label="Sort by">
            <OptionSelect
              root={{ size: 'sm' }}
              value={sort}
              options={SORT_OPTIONS}
              onChange={(e) => onSort(e.target.value as SortMode)}
              bg="white"
            />
          </FormField>
        </Box>
      </Flex>

      {search.isError && (
        <Card.Root role="alert" borderColor="red.200" bg="red.50" maxW="xl" mx="auto">
          <Card.Body alignItems="center" textAlign="center" gap="3">
            <Icon asChild color="fg.error">
              <AlertTriangle aria-hidden="true" />
            </Icon>
            <Heading as="h3" size="lg" color="red.800">
              Error Loading Companies
            </Heading>
            <Text color="red.800">We could not load the companies just now. Please refresh the page to try again.</Text>
            <Button colorPalette="red" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Card.Body>
        </Card.Root>
      )}

      {search.isSuccess && companies.length === 0 && (
        <EmptyState.Root borderWidth="1px" rounded="xl" bg="white">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX aria-hidden="true" />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h3">No companies found</EmptyState.Title>
              <EmptyState.Description>Try another city, a wider distance or fewer filters.</EmptyState.Description>
            </VStack>
            <Button variant="outline" onClick={onClearFilters}>
              Clear Filters
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      )}

      {withMap && (
        <>
          <Button
            hideFrom="lg"
            variant="outline"
            size="sm"
            mb="4"
            aria-expanded={mapOpen}
            aria-controls="results-map"
            onClick={() => setMapOpen((o) => !o)}
          >
            <MapIcon aria-hidden="true" /> {mapOpen ? 'Hide map' : 'Show map'}
          </Button>
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 400px' }} gap="6" alignItems="start">
            <Box>
              {search.isPending && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" aria-busy="true">
                  {[0, 1, 2].map((i) => (
                    <CompanyCardSkeleton key={i} />
                  ))}
                </SimpleGrid>
              )}
              {search.isSuccess && (
                <>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
                    {companies.map((company) => (
                      <CompanyCard key={company.id} company={company} highlighted={company.id === activeId} onActivate={setActiveId} />
                    ))}
                  </SimpleGrid>
                  {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={onPage} />}
                </>
              )}
            </Box>
            <Box
              id="results-map"
              gridRow={{ base: '1', lg: 'auto' }}
              display={{ base: mapOpen ? 'block' : 'none', lg: 'block' }}
              position={{ lg: 'sticky' }}
              top={{ lg: '88px' }}
            >
              <ResultsMap
                companies={companies}
                activeId={activeId}
                onActivate={setActiveId}
                visible={wide || mapOpen}
                h={{ base: '320px', lg: 'calc(100vh - 120px)' }}
                maxH={{ lg: '720px' }}
              />
            </Box>
          </Grid>
        </>
      )}
    </Box>
  );
}
