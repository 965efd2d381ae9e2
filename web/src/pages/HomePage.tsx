import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { LocateFixed, MessageSquareQuote } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { track } from '../lib/analytics';
import {
  companiesQuery,
  DEFAULT_FILTERS,
  placeOfLocation,
  readSearchParams,
  writeSearchParams,
  type SearchFilters,
  type SortMode,
} from '../lib/search';
import { useVisitorPlace } from '../lib/visitorPlace';
import { BusinessPitch } from './home/BusinessPitch';
import { CompanyResults } from './home/CompanyResults';
import { LocalSections } from './home/LocalSections';
import { SearchHero } from './home/SearchHero';
import { StatsStrip } from './home/StatsStrip';
import { LinkButton } from '../components/LinkButton';

/** Brings the results' heading (and the "Page X of Y" line under it) into view below the sticky header. */
function scrollToResults() {
  requestAnimationFrame(() => document.getElementById('results-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
}

/** Whether the element is on screen; true until the browser says otherwise. */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/** The home directory, / (§2): search, results, local sections, stats, business pitch. */
export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const { filters, page, sort } = useMemo(() => readSearchParams(params), [params]);
  const visitor = useVisitorPlace();
  const query = useMemo(() => companiesQuery(filters, page, sort, visitor.place), [filters, page, sort, visitor.place]);

  const apply = (next: SearchFilters, nextPage: number, nextSort: SortMode) => setParams(writeSearchParams(next, nextPage, nextSort));

  const onSearch = (next: SearchFilters) => {
    // §4: a typed location replaces "nearest first" with best match.
    const nextSort = next.location.trim() && sort === 'location' ? 'best-match' : sort;
    apply(next, 1, nextSort);
    // Recorded once its results are on screen, with the companies shown (their "search appearances").
    pendingSearch.current = { searchQuery: next.location.trim(), searchFilters: next };
    scrollToResults();
  };

  // "Find Companies Near Me" replaces a typed location with the visitor's own city once found.
  const nearMe = () =>
    visitor.retry(() => {
      if (filters.location.trim()) apply({ ...filters, location: '' }, 1, sort);
    });

  const typed = filters.location.trim();
  const place = typed || (visitor.place ? `${visitor.place.city}, ${visitor.place.state}` : '');
  const heading = place ? `Limousine Companies near ${place}` : 'Limousine Companies Across the USA';
  // The local sections follow the place searched: a typed "City, ST", else the detected city.
  const localPlace = typed ? placeOfLocation(typed) : visitor.place;
  const heroRef = useRef<HTMLDivElement>(null);
  const pendingSearch = useRef<{ searchQuery: string; searchFilters: SearchFilters }>(undefined);
  // The floating button would cover the search filters and the Sort-by control: it waits until the hero has scrolled away.
  const heroOnScreen = useOnScreen(heroRef);

  return (
    <>
      <div ref={heroRef}>
        <SearchHero key={JSON.stringify(filters)} initial={filters} onSearch={onSearch} />
      </div>

      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} pt="6" gap="3" align="center" wrap="wrap">
        <Button variant="outline" size="sm" onClick={nearMe} disabled={visitor.locating}>
          {visitor.locating ? <Spinner size="xs" /> : <LocateFixed aria-hidden="true" />} Find Companies Near Me
        </Button>
        <Text role="status" fontSize="sm" color={visitor.error ? 'red.700' : 'gray.700'}>
          {visitor.locating
            ? 'Finding your location...'
            : visitor.place && !typed
              ? `Showing companies near ${visitor.place.city}, ${visitor.place.state}`
              : (visitor.error ?? '')}
        </Text>
      </Flex>

      <CompanyResults
        heading={heading}
        query={query}
        filters={filters}
        page={page}
        sort={sort}
        onPage={(p) => {
          apply(filters, p, sort);
          scrollToResults();
        }}
        onSort={(s) => apply(filters, 1, s)}
        onClearFilters={() => apply(DEFAULT_FILTERS, 1, 'best-match')}
        onShown={(companyIds) => {
          if (!pendingSearch.current) return;
          track('search', { ...pendingSearch.current, companyIds });
          pendingSearch.current = undefined;
        }}
      />

      {localPlace && <LocalSections place={localPlace} />}
      <StatsStrip />
      <BusinessPitch />

      <Box
        position="fixed"
        bottom={{ base: '4', md: '6' }}
        right={{ base: '4', md: '6' }}
        zIndex="docked"
        display={heroOnScreen ? 'none' : 'block'}
        data-testid="floating-city-quotes"
      >
        <LinkButton to="/request-city-quote" colorPalette="brand" size={{ base: 'md', md: 'lg' }} rounded="full" boxShadow="xl">
          <MessageSquareQuote aria-hidden="true" /> Request City Quotes
        </LinkButton>
      </Box>
    </>
  );
}
