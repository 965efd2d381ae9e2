import { Box, Card, Flex, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, Globe2, MessageSquareQuote, Search, Star, TrendingUp, UserX, Users } from 'lucide-react';
import { IconPoints, type IconPoint } from '../components/IconPoints';
import { LinkButton } from '../components/LinkButton';

/** The reasons' grid: one column on a phone, two on a small screen, four from a large one. */
const REASON_COLUMNS = { base: 1, sm: 2, lg: 4 };

function Steps({ items }: { items: IconPoint[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
      {items.map((s, i) => (
        <Card.Root key={s.title}>
          <Card.Body gap="3">
            <Flex align="center" gap="3">
              <Flex w="10" h="10" rounded="full" bg="brand.700" color="white" align="center" justify="center" fontWeight="bold">
                {i + 1}
              </Flex>
              <Icon asChild color="brand.fg">
                <s.icon aria-hidden="true" />
              </Icon>
            </Flex>
            <Heading as="h3" size="md">
              {s.title}
            </Heading>
            <Text color="gray.700">{s.text}</Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** How it works, /how-it-works (§2): the customer side, the company side, and the two ways in. */
export default function HowItWorksPage() {
  return (
    <Box>
      <Box bg="brand.900" color="white" py="16" px="4" textAlign="center">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          How LimoDirectory Works
        </Heading>
        <Text mt="3" fontSize="lg" color="brand.100" maxW="2xl" mx="auto">
          The easiest way to find a limousine company, and the easiest way for limousine companies to find customers.
        </Text>
      </Box>
      <Stack maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="12" gap="14">
        <Stack as="section" aria-labelledby="customers-heading" gap="6">
          <Heading as="h2" id="customers-heading" size="2xl">
            For Customers
          </Heading>
          <Steps
            items={[
              {
                icon: Search,
                title: 'Browse and Search',
                text: 'Search by city, state or ZIP and filter by service, vehicle type, price range and rating.',
              },
              {
                icon: Star,
                title: 'Compare and Review',
                text: 'Compare companies side by side, read real customer reviews, and leave your own after the ride.',
              },
              {
                icon: MessageSquareQuote,
                title: 'Get Quotes',
                text: 'Request a free quote from one company, or from every company in your city with a single form.',
              },
            ]}
          />
          <Heading as="h3" size="lg" mt="4">
            Why choose LimoDirectory
          </Heading>
          <IconPoints
            columns={REASON_COLUMNS}
            items={[
              { icon: Globe2, title: 'Nationwide Coverage', text: 'Limousine companies in cities across all 50 states.' },
              {
                icon: BadgeCheck,
                title: 'Verified Companies',
                text: 'Listings checked by our team, with verified owners on claimed businesses.',
              },
              { icon: Star, title: 'Real Reviews', text: 'Every review is moderated before it appears.' },
              { icon: UserX, title: 'No Account Required', text: 'Search, compare and request quotes without signing up.' },
            ]}
          />
        </Stack>
        <Stack as="section" aria-labelledby="companies-heading" gap="6">
          <Heading as="h2" id="companies-heading" size="2xl">
            For Limousine Companies
          </Heading>
          <Steps
            items={[
              {
                icon: BadgeCheck,
                title: 'Subscribe and List',
                text: 'Create a business account and list your company; a premium listing is $75/year, cancel anytime.',
              },
              {
                icon: Users,
                title: 'Get Customers',
                text: 'Receive quote requests by e-mail and in your dashboard from customers in your area.',
              },
              {
                icon: TrendingUp,
                title: 'Build Your Reputation',
                text: 'Collect reviews from happy customers and climb your city’s results.',
              },
            ]}
          />
          <Heading as="h3" size="lg" mt="4">
            Benefits for your business
          </Heading>
          <IconPoints
            columns={REASON_COLUMNS}
            items={[
              { icon: TrendingUp, title: 'More Leads', text: 'Quote requests from customers actively looking for a ride.' },
              { icon: Star, title: 'Premium Placement', text: 'Premium listings appear first in your city with a PREMIUM badge.' },
              { icon: MessageSquareQuote, title: 'City-wide Requests', text: 'Receive every city-wide quote request for your city.' },
              { icon: BadgeCheck, title: 'Simple Pricing', text: '$75 per year, no commission on your bookings.' },
            ]}
          />
        </Stack>
        <Flex gap="4" justify="center" wrap="wrap">
          <LinkButton to="/" colorPalette="brand" size="lg">
            Browse Companies
          </LinkButton>
          <LinkButton to="/list-business" variant="outline" size="lg">
            List Your Business
          </LinkButton>
        </Flex>
      </Stack>
    </Box>
  );
}
