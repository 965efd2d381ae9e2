import { Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { BadgeDollarSign, Globe2, Handshake, MapPinned, Star, Users } from 'lucide-react';
import { PAID_LISTING_HREF } from '../../lib/plans';
import { LinkButton } from '../../components/LinkButton';
import { IconPoints } from '../../components/IconPoints';
import { HeroBand } from '../../components/HeroBand';
import { CheckList } from '../../components/CheckList';
import { ListingPriceCard } from '../../components/ListingPriceCard';

const BENEFITS = [
  { icon: Users, title: 'More Customers', text: 'Thousands of people search for limousines, party buses and chauffeurs every month.' },
  {
    icon: BadgeDollarSign,
    title: 'Grow Revenue',
    text: 'Turn quote requests into bookings for weddings, proms, airport runs and corporate events.',
  },
  { icon: Star, title: 'Build Your Reputation', text: 'Collect reviews from real customers and show your rating on every search.' },
  { icon: MapPinned, title: 'Local Search Visibility', text: 'Appear when customers search your city, ZIP code or state.' },
  { icon: Handshake, title: 'Direct Contact', text: 'Customers call, e-mail and request quotes from you directly: no middleman fees.' },
  { icon: Globe2, title: 'Nationwide Reach', text: 'One listing in a directory that covers every US city.' },
];

const INCLUDES = ['Unlimited quote requests', 'Your business listing', 'Customer reviews', 'Business dashboard', 'Cancel anytime'];

/** /subscribe (owner-admin §1): "Grow Your Limousine Business". */
export default function SubscribePage() {
  return (
    <>
      <HeroBand py={{ base: '12', md: '20' }}>
        <Stack maxW="4xl" mx="auto" gap="5" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            Grow Your Limousine Business
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="brand.100" maxW="2xl">
            Get found by customers looking for limousine and chauffeur service in your city, and receive their quote requests directly.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <LinkButton to={PAID_LISTING_HREF} size="lg" bg="gold.400" color="gray.900" _hover={{ bg: 'gold.300' }}>
              Start Your Listing
            </LinkButton>
            <LinkButton
              to="/how-it-works"
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              Learn How It Works
            </LinkButton>
          </Flex>
        </Stack>
      </HeroBand>

      <Box as="section" aria-labelledby="benefits-heading" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="14">
        <Heading as="h2" id="benefits-heading" size="2xl" textAlign="center" mb="8">
          Why limousine companies list with us
        </Heading>
        <IconPoints items={BENEFITS} heading="h3" cards columns={{ base: 1, md: 2, lg: 3 }} />
      </Box>

      <Box as="section" aria-labelledby="includes-heading" bg="white" borderYWidth="1px" px={{ base: '4', md: '6' }} py="14">
        <Grid maxW="5xl" mx="auto" templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="10" alignItems="center">
          <Stack gap="4">
            <Heading as="h2" id="includes-heading" size="2xl">
              What your listing includes
            </Heading>
            <CheckList items={INCLUDES} />
          </Stack>
          <ListingPriceCard badge="BUSINESS LISTING" data-testid="price-card">
            <Text color="gray.700">
              Billed yearly, renews automatically. Cancel anytime: your listing stays active to the end of the year paid.
            </Text>
            <LinkButton to={PAID_LISTING_HREF} colorPalette="brand" size="lg" width="full">
              Start Your Listing
            </LinkButton>
            <LinkButton to="/pricing" variant="ghost" size="sm">
              Compare plans
            </LinkButton>
          </ListingPriceCard>
        </Grid>
      </Box>
    </>
  );
}
