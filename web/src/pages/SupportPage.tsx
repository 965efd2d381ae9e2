import { Box, Button, Card, Heading, SimpleGrid, Stack, Table, Text, Icon } from '@chakra-ui/react';
import { BookOpen, Building2, Mail, Search } from 'lucide-react';
import { SUPPORT_EMAIL } from '@limo/contracts';
import { FaqAccordion } from '../components/FaqAccordion';
import { LinkButton } from '../components/LinkButton';
import { IconPoints } from '../components/IconPoints';

const CUSTOMER_FAQ = [
  { q: 'Do I need an account to request a quote?', a: 'No. Anyone can search, read reviews and request quotes without an account.' },
  { q: 'How fast will companies respond?', a: 'Most companies reply within 24 hours, by e-mail or phone.' },
  {
    q: 'How do I request quotes from several companies at once?',
    a: 'Use "Request City Quotes": one form goes to the few limousine companies in your city that match your trip best.',
  },
  { q: 'When does my review appear?', a: 'Reviews are checked by our team and appear once approved.' },
];
const BUSINESS_FAQ = [
  { q: 'How much does a premium listing cost?', a: '$75 per year, renewed automatically. You can cancel anytime.' },
  { q: 'How do I cancel my subscription?', a: 'Contact support. Your listing stays active until the end of the billing period.' },
  { q: 'My company is already listed. How do I claim it?', a: 'Open your company page and choose "Claim for $75", then follow the steps.' },
  { q: 'Where do quote requests go?', a: 'To your business e-mail and to your dashboard.' },
];

function Faq({ id, title, items }: { id: string; title: string; items: Array<{ q: string; a: string }> }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" id={id} size="xl">
        {title}
      </Heading>
      <FaqAccordion items={items} />
    </Stack>
  );
}

/** Support, /support (§2): e-mail contact, response times, FAQs and help cards. */
export default function SupportPage() {
  const help = [
    {
      icon: BookOpen,
      title: 'How It Works',
      text: 'Learn how to find companies and request quotes.',
      to: '/how-it-works',
      action: 'Read the guide',
    },
    {
      icon: Building2,
      title: 'Business Accounts',
      text: 'Sign in or create an account to manage your listing.',
      to: '/login',
      action: 'Open business login',
    },
    { icon: Search, title: 'Find a Company', text: 'Search limousine companies in your city.', to: '/', action: 'Start searching' },
  ];
  return (
    <Box>
      <Box bg="brand.900" color="white" py="16" px="4" textAlign="center">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          How Can We Help?
        </Heading>
        <Text mt="3" fontSize="lg" color="brand.100">
          Our support team is available 7 days a week, with an average response time of 24 hours.
        </Text>
      </Box>
      <Stack maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py="12" gap="12">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Card.Root>
            <Card.Body gap="3">
              <Icon asChild color="brand.fg">
                <Mail aria-hidden="true" />
              </Icon>
              <Heading as="h2" size="lg">
                E-mail Support
              </Heading>
              <Text color="gray.700">
                Write to <strong>{SUPPORT_EMAIL}</strong>. We answer 7 days a week.
              </Text>
              <Button asChild colorPalette="brand" alignSelf="start">
                <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('LimoDirectory support request')}`}>Contact Support</a>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap="3">
              <Heading as="h2" size="lg">
                Response Times
              </Heading>
              <Table.Root size="sm">
                <Table.Body>
                  <Table.Row>
                    <Table.Cell>General questions</Table.Cell>
                    <Table.Cell textAlign="end">24 hours</Table.Cell>
                  </Table.Row>
                  <Table.Row>
                    <Table.Cell>Technical issues</Table.Cell>
                    <Table.Cell textAlign="end">12 hours</Table.Cell>
                  </Table.Row>
                  <Table.Row>
                    <Table.Cell>Business account issues</Table.Cell>
                    <Table.Cell textAlign="end">6 hours</Table.Cell>
                  </Table.Row>
                </Table.Body>
              </Table.Root>
              <Text fontSize="sm" color="gray.700">
                Available 7 days a week. Average response: 24 hours.
              </Text>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Faq id="customer-faq" title="FAQ for Customers" items={CUSTOMER_FAQ} />
        <Faq id="business-faq" title="FAQ for Businesses" items={BUSINESS_FAQ} />
        <IconPoints
          items={help}
          heading="h2"
          cards
          columns={{ base: 1, md: 3 }}
          more={(h) => (
            <LinkButton to={h.to} variant="outline" alignSelf="start">
              {h.action}
            </LinkButton>
          )}
        />
      </Stack>
    </Box>
  );
}
