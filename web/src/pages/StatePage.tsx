import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { cityPath, landingFromPath, stateJsonLd, statePageMeta } from '@limo/contracts';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useStatePlaces } from '../lib/landing';
import { Crumbs, useLandingScreen } from './landing/LandingParts';

/** A state's landing page, /limo-service/{state} (issue 19): its cities with companies and their counts. */
export default function StatePage() {
  const { state = '' } = useParams();
  // A URL no landing page has (`/limo-service/florida`): the not-found screen, without asking.
  const valid = landingFromPath(useLocation().pathname) !== undefined;
  const query = useStatePlaces(state, valid);
  const screen = useLandingScreen(query, valid, { kind: 'State', loading: 'Loading cities', meta: statePageMeta, jsonLd: stateJsonLd });
  const data = query.data;
  if (screen || !data) return screen;

  return (
    <Stack maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="6" gap="6">
      <Crumbs items={[{ label: 'Home', to: '/' }, { label: data.name }]} />
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          Limo Service in {data.name}
        </Heading>
        <Text color="gray.700">
          {data.count} limousine {data.count === 1 ? 'company' : 'companies'} in {data.cities.length}{' '}
          {data.cities.length === 1 ? 'city' : 'cities'} across {data.name}.
        </Text>
      </Stack>
      <Stack as="section" aria-labelledby="cities-heading" gap="4">
        <Heading as="h2" id="cities-heading" size="xl">
          Cities in {data.name}
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="2" listStyleType="none">
          {data.cities.map((c) => (
            <li key={c.slug}>
              <Link asChild color="brand.700" fontWeight="medium">
                <RouterLink to={cityPath(data.state, c.city)}>
                  Limo service in {c.city}, {data.state}
                </RouterLink>
              </Link>{' '}
              <Text as="span" color="gray.600">
                ({c.count})
              </Text>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
