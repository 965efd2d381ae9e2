import { Badge, Box, Card, Grid, Heading, Link, List, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { cityJsonLd, landingFromPath, cityPageMeta, statePath, type CityPageData } from '@limo/contracts';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { CompanyCard } from '../components/CompanyCard';
import { ResultsMap } from '../components/map/ResultsMap';
import { FaqAccordion } from '../components/FaqAccordion';
import { pageParam, useCityPage } from '../lib/landing';
import { cityFaqs } from './landing/cityFaqs';
import { Crumbs, useLandingScreen, PageLinks } from './landing/LandingParts';

function Figures({ data }: { data: CityPageData }) {
  const { figures } = data;
  const rows: Array<[string, string]> = [['Companies', String(figures.companyCount)]];
  if (figures.averageRating !== null)
    rows.push(['Average rating', `${figures.averageRating.toFixed(1)} / 5 (${figures.reviewCount} reviews)`]);
  if (figures.averageHourlyRate !== null) rows.push(['Average starting rate', `$${figures.averageHourlyRate}/hr`]);
  if (figures.lowestHourlyRate !== null && figures.highestHourlyRate !== null)
    rows.push(['Starting rates', `$${figures.lowestHourlyRate}–$${figures.highestHourlyRate}/hr`]);
  return (
    <Card.Root as="section" aria-labelledby="figures-heading">
      <Card.Header>
        <Heading as="h2" id="figures-heading" size="md">
          {data.city} at a glance
        </Heading>
      </Card.Header>
      <Card.Body pt="2" gap="4">
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
          {rows.map(([term, value]) => (
            <Box key={term} display="contents">
              <Text as="dt" color="gray.600">
                {term}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
        {figures.services.length > 0 && (
          <Box>
            <Text fontWeight="semibold" mb="2">
              Services offered
            </Text>
            <Wrap gap="2">
              {figures.services.map((s) => (
                <Badge key={s.service} colorPalette="brand" variant="subtle">
                  {s.service} · {s.count}
                </Badge>
              ))}
            </Wrap>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A city's landing page, /limo-service/{state}/{city}?page= (issue 19): its companies ranked, its figures, FAQs, nearby cities. */
export default function CityPage() {
  const { state = '', city = '' } = useParams();
  const [search] = useSearchParams();
  // A URL no landing page has (`/limo-service/florida`): the not-found screen, without asking.
  const valid = landingFromPath(useLocation().pathname) !== undefined;
  const page = pageParam(search);
  const query = useCityPage(state, city, page, valid);
  const screen = useLandingScreen(query, valid, { kind: 'City', loading: 'Loading companies', meta: cityPageMeta, jsonLd: cityJsonLd });
  const data = query.data;
  if (screen || !data) return screen;

  const where = `${data.city}, ${data.state}`;
  const first = (data.page - 1) * data.pageSize + 1;
  return (
    <Stack maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="6" gap="6">
      <Crumbs items={[{ label: 'Home', to: '/' }, { label: data.stateName, to: statePath(data.state) }, { label: data.city }]} />
      <Box>
        <Heading as="h1" size="3xl">
          Limo Service in {where}
        </Heading>
        <Text mt="2" color="gray.700" data-testid="city-summary">
          {data.figures.companyCount} limousine {data.figures.companyCount === 1 ? 'company' : 'companies'} in {where}
          {data.pages > 1 ? `, page ${data.page} of ${data.pages} (companies ${first}–${first + data.companies.length - 1})` : ''}. Premium
          listings first, then the best rated.
        </Text>
      </Box>
      {/* Two columns: the ranked list, and beside it the map of this page's companies and the city's figures. */}
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Box as="section" aria-labelledby="companies-heading">
          <Heading as="h2" id="companies-heading" size="xl" mb="4">
            Limousine companies in {data.city}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            {data.companies.map((company) => (
              <CompanyCard key={company.id} company={company} />
            ))}
          </SimpleGrid>
          <PageLinks state={data.state} city={data.city} page={data.page} pages={data.pages} />
        </Box>
        <Stack as="aside" aria-label={`About ${data.city}`} gap="6" position={{ lg: 'sticky' }} top={{ lg: '24' }} data-testid="city-aside">
          <ResultsMap companies={data.companies} h="360px" />
          <Figures data={data} />
        </Stack>
      </Grid>
      <Box as="section" aria-labelledby="faq-heading">
        <Heading as="h2" id="faq-heading" size="xl" mb="4">
          Frequently asked questions about limos in {data.city}
        </Heading>
        <FaqAccordion items={cityFaqs(data)} />
      </Box>
      {data.nearby.length > 0 && (
        <Box as="section" aria-labelledby="nearby-heading">
          <Heading as="h2" id="nearby-heading" size="xl" mb="3">
            Limo service in nearby cities
          </Heading>
          <List.Root ps="5" gap="1">
            {data.nearby.map((n) => (
              <List.Item key={n.path}>
                <Link asChild color="brand.700">
                  <RouterLink to={n.path}>
                    {n.city}, {n.state}
                  </RouterLink>
                </Link>{' '}
                <Text as="span" color="gray.600">
                  ({n.count} {n.count === 1 ? 'company' : 'companies'}, {n.distanceMiles} mi)
                </Text>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}
