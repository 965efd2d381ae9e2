import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { cityPath, statePath } from '@limo/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { Award, Clock, MapPinned, ShieldCheck } from 'lucide-react';
import type { DetectedPlace } from '../../lib/search';
import { FaqAccordion } from '../../components/FaqAccordion';
import { IconPoints } from '../../components/IconPoints';

/** The local search-engine sections shown once the visitor's city is known (§2): coverage, why local, FAQ. */
export function LocalSections({ place }: { place: DetectedPlace }) {
  const where = `${place.city}, ${place.state}`;
  const faqs = [
    {
      q: `How much does a limousine cost in ${place.city}?`,
      a: `Most limousine companies in ${where} charge between $75 and $200 per hour, depending on the vehicle, the day of the week and the length of the booking. Party buses and stretch SUVs usually cost more than sedans and town cars.`,
    },
    {
      q: `How far in advance should I book a limo in ${place.city}?`,
      a: 'Book two to four weeks ahead for weddings, proms and holidays; a few days is usually enough for airport transfers and corporate trips.',
    },
    {
      q: 'Can I get quotes from several companies at once?',
      a: `Yes. Use "Request City Quotes" to send one free request to the limousine companies in ${where} that match your trip best; they reply by e-mail, usually within 24 hours.`,
    },
    {
      q: 'Do I need an account to request a quote?',
      a: 'No. Searching, reading reviews and requesting quotes are free and need no account.',
    },
  ];
  const reasons = [
    {
      icon: MapPinned,
      title: 'They know the area',
      text: `Local chauffeurs know ${place.city}'s venues, hotels, airports and the quickest routes at every hour.`,
    },
    { icon: Clock, title: 'Faster pickups', text: 'A nearby fleet means shorter pickup times and a backup vehicle close at hand.' },
    {
      icon: ShieldCheck,
      title: 'Licensed locally',
      text: `Companies serving ${place.state} carry the state's commercial licenses and insurance.`,
    },
    { icon: Award, title: 'Reputation that matters', text: 'Local businesses live on their reviews, so service stays personal.' },
  ];

  return (
    <Box as="section" aria-labelledby="local-heading" bg="white" borderYWidth="1px" py="12" px={{ base: '4', md: '6' }}>
      <Stack maxW="6xl" mx="auto" gap="10">
        <Box>
          <Heading as="h2" id="local-heading" size="2xl">
            Limousine Service in {where}
          </Heading>
          <Text mt="3" color="gray.700" maxW="3xl">
            Our directory covers limousine, party bus, town car and chauffeur companies serving {where} and the surrounding area, from
            airport transfers and corporate travel to weddings, proms and nights out.
          </Text>
          <Text mt="3">
            <Link asChild color="brand.700" fontWeight="medium">
              <RouterLink to={cityPath(place.state, place.city)}>Limo companies in {where}: ratings, rates and FAQs</RouterLink>
            </Link>
            {' · '}
            <Link asChild color="brand.700" fontWeight="medium">
              <RouterLink to={statePath(place.state)}>Every city in {place.state}</RouterLink>
            </Link>
          </Text>
        </Box>
        <Box>
          <Heading as="h3" size="lg" mb="4">
            Why choose a local {place.city} limo company
          </Heading>
          <IconPoints items={reasons} columns={{ base: 1, md: 2, lg: 4 }} />
        </Box>
        <Box>
          <Heading as="h3" size="lg" mb="4">
            Frequently asked questions about limos in {place.city}
          </Heading>
          <FaqAccordion items={faqs} />
        </Box>
        <Box>
          <Heading as="h3" size="lg" mb="3">
            Popular services in {place.city}
          </Heading>
          <List.Root ps="5" color="gray.700" gap="1">
            <List.Item>Airport transfers and hotel pickups</List.Item>
            <List.Item>Wedding and prom limousines</List.Item>
            <List.Item>Corporate and executive car service</List.Item>
            <List.Item>Party buses for birthdays, concerts and nights out</List.Item>
          </List.Root>
        </Box>
      </Stack>
    </Box>
  );
}
