import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { cityPath, landingFromPath, pageMeta, stateJsonLd, statePageMeta, SITE_NAME } from '@limo/contracts';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useOrigin, useStatePlaces } from '../lib/landing';
import { useDocumentMeta, useJsonLd } from '../lib/meta';
import { Crumbs, LandingNotFound } from './landing/LandingParts';
import { PageLoading } from '../components/PageLoading';

/** A state's landing page, /limo-service/{state} (issue 19): its cities with companies and their counts. */
export default function StatePage() {
  const { state = '' } = useParams();
  const { pathname } = useLocation();
  // A URL no landing page has (`/limo-service/florida`): the not-found screen, without asking.
  const valid = landingFromPath(pathname) !== undefined;
  const { data, isPending, isError } = useStatePlaces(state, valid);
  const origin = useOrigin();
  useDocumentMeta(
    data
      ? statePageMeta(data)
      : data === null || !valid
        ? { title: `State Not Found | ${SITE_NAME}`, description: pageMeta(pathname).description }
        : undefined,
  );
  useJsonLd(data && origin ? stateJsonLd(data, origin) : undefined);

  if (!valid) return <LandingNotFound title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
  if (isPending) return <PageLoading label="Loading cities" />;
  if (isError || !data)
    return (
      <LandingNotFound
        isError={isError}
        title="State Not Found"
        text="No limousine companies are listed in this state. Browse companies near you."
      />
    );

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
