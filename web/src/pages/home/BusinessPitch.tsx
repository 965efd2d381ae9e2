import { Badge, Box, Card, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { PAID_LISTING_HREF } from '../../lib/plans';
import { LinkButton } from '../../components/LinkButton';

const BENEFITS = [
  'Top placement in your city’s search results',
  'PREMIUM badge on your listing',
  'Quote requests straight to your inbox',
  'Collect and show customer reviews',
];

/** The business pitch (§2) with the premium $75/year card; "Get Started Today" opens the paid flow (issue 17, defect 4). */
export function BusinessPitch() {
  return (
    <Box as="section" aria-labelledby="pitch-heading" py="16" px={{ base: '4', md: '6' }}>
      <Grid maxW="6xl" mx="auto" templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="10" alignItems="center">
        <Stack gap="4">
          <Heading as="h2" id="pitch-heading" size="3xl">
            Own a limousine company?
          </Heading>
          <Text fontSize="lg" color="gray.700">
            Thousands of customers search LimoDirectory for limousines, party buses and chauffeurs every month. List your business and get
            quote requests from customers in your city.
          </Text>
          <List.Root gap="2" variant="plain">
            {BENEFITS.map((b) => (
              <List.Item key={b} alignItems="center">
                <List.Indicator asChild color="green.600">
                  <CheckCircle2 aria-hidden="true" />
                </List.Indicator>
                {b}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
        <Card.Root borderWidth="2px" borderColor="gold.400" boxShadow="xl">
          <Card.Body gap="3" textAlign="center" alignItems="center">
            <Badge bg="gold.400" color="gray.900">
              PREMIUM LISTING
            </Badge>
            <Text fontSize="5xl" fontWeight="bold" color="brand.800" lineHeight="1">
              $75
              <Text as="span" fontSize="lg" fontWeight="medium" color="gray.700">
                /year
              </Text>
            </Text>
            <Text color="gray.700">Featured placement, premium badge and every quote request. Cancel anytime.</Text>
            <LinkButton to={PAID_LISTING_HREF} colorPalette="brand" size="lg" width="full">
              Get Started Today
            </LinkButton>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Box>
  );
}
