import { Box, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Wordmark } from './SiteHeader';

const COLUMNS = [
  {
    title: 'Customers',
    links: [
      { to: '/', label: 'Search the Directory' },
      { to: '/request-city-quote', label: 'City-wide Quote Request' },
      { to: '/how-it-works', label: 'Customer Guide' },
    ],
  },
  {
    title: 'Businesses',
    links: [
      { to: '/list-business', label: 'Add Your Company' },
      { to: '/subscribe', label: 'Premium Listing' },
      { to: '/login', label: 'Business Login' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/support', label: 'Help Center' },
      { to: '/admin', label: 'Admin' },
    ],
  },
] as const;

/**
 * Site footer: link columns, including /list-business and /admin (§2). Its link names differ from
 * the header's, so each name on a page leads to one place.
 */
export function SiteFooter() {
  return (
    <Box as="footer" bg="brand.950" color="gray.300" mt="16">
      <Grid maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="12" gap="8" templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 1fr' }}>
        <Stack gap="3">
          <Wordmark inverted />
          <Text fontSize="sm" maxW="sm">
            The nationwide directory of limousine and chauffeur companies. Compare local companies, read real reviews and request free
            quotes.
          </Text>
        </Stack>
        {COLUMNS.map((col) => (
          <Stack as="nav" key={col.title} aria-label={col.title} gap="2">
            <Heading as="h2" size="sm" color="white">
              {col.title}
            </Heading>
            {col.links.map((l) => (
              <Link key={l.to} asChild color="gray.300" fontSize="sm" _hover={{ color: 'white' }}>
                <RouterLink to={l.to}>{l.label}</RouterLink>
              </Link>
            ))}
          </Stack>
        ))}
      </Grid>
      <Text textAlign="center" fontSize="xs" color="gray.400" py="4" borderTopWidth="1px" borderColor="whiteAlpha.200">
        © {new Date().getFullYear()} LimoDirectory. All rights reserved.
      </Text>
    </Box>
  );
}
