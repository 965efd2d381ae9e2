import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { PAID_LISTING_HREF } from '../../lib/plans';
import { LinkButton } from '../../components/LinkButton';
import { CheckList } from '../../components/CheckList';
import { ListingPriceCard } from '../../components/ListingPriceCard';

const BENEFITS = [
  'Top placement in your city’s search results',
  'PREMIUM badge on your listing',
  'Quote requests straight to your inbox',
  'Collect and show customer reviews',
];

/** The business pitch (§2) with the premium $75/year card; "Get Started Today" opens the paid flow (issue 17, defect 4). */
export const BusinessPitch = memo(function BusinessPitch() {
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
          <CheckList items={BENEFITS} />
        </Stack>
        <ListingPriceCard badge="PREMIUM LISTING">
          <Text color="gray.700">Featured placement, premium badge and every quote request. Cancel anytime.</Text>
          <LinkButton to={PAID_LISTING_HREF} colorPalette="brand" size="lg" width="full">
            Get Started Today
          </LinkButton>
        </ListingPriceCard>
      </Grid>
    </Box>
  );
});
