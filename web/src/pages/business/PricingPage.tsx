import { Badge, Box, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, Headphones, LineChart, ShieldCheck } from 'lucide-react';
import { CLAIM_START_HREF, CONTACT_SALES_HREF, PLANS } from '../../lib/plans';
import { LinkButton } from '../../components/LinkButton';
import { IconPoints } from '../../components/IconPoints';
import { HeroBand } from '../../components/HeroBand';
import { CheckList } from '../../components/CheckList';

const STATS = [
  { value: '10,000+', label: 'Monthly customers' },
  { value: '300%', label: 'Average lead increase' },
  { value: '500+', label: 'Verified businesses' },
];

const WHY = [
  {
    icon: LineChart,
    title: 'Measurable results',
    text: 'See your listing views, search appearances, calls and quote requests in your dashboard.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified listings',
    text: 'Customers trust verified owners; our team checks every claim within 1-2 business days.',
  },
  { icon: BadgeCheck, title: 'No commissions', text: 'Customers contact you directly. You keep every dollar of every booking.' },
  { icon: Headphones, title: 'Real support', text: 'A person answers within 24 hours, 7 days a week.' },
];

/**
 * /pricing (owner-admin §2.1): the three plans; the claim plan is $75/year, auto-renewing. Its button
 * leads to /claim-business to pick the company (a checkout needs one); the plans not sold online say
 * "Contact sales" (issue 17, defect 6).
 */
export default function PricingPage() {
  return (
    <>
      <HeroBand py={{ base: '12', md: '16' }}>
        <Stack maxW="5xl" mx="auto" gap="6" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
            Simple, Transparent Pricing
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.100" maxW="2xl">
            Choose the plan that fits your limousine business. Every plan renews automatically and can be cancelled anytime.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="6" w="full" maxW="3xl">
            {STATS.map((s) => (
              <Stack key={s.label} gap="0">
                <Text fontSize="3xl" fontWeight="bold" color="gold.300">
                  {s.value}
                </Text>
                <Text color="brand.100">{s.label}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </HeroBand>

      <Box as="section" aria-label="Plans" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="14">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="stretch">
          {PLANS.map((plan) => (
            <Card.Root
              key={plan.id}
              data-testid={`plan-${plan.id}`}
              borderWidth={plan.popular ? '2px' : '1px'}
              borderColor={plan.popular ? 'brand.700' : 'gray.200'}
              boxShadow={plan.popular ? 'xl' : 'sm'}
              position="relative"
            >
              {plan.popular && (
                <Badge position="absolute" top="-3" left="50%" transform="translateX(-50%)" bg="brand.700" color="white" px="3">
                  Most Popular
                </Badge>
              )}
              <Card.Body gap="4">
                <Heading as="h2" size="xl">
                  {plan.name}
                </Heading>
                <Text>
                  <Text as="span" fontSize="4xl" fontWeight="bold" color="brand.800">
                    ${plan.price}
                  </Text>
                  <Text as="span" color="gray.700">
                    /{plan.period}
                  </Text>
                </Text>
                <Text fontSize="sm" color="gray.700" data-testid="plan-terms">
                  {plan.soldOnline
                    ? `Billed ${plan.period === 'year' ? 'yearly' : 'monthly'}, auto-renews. Cancel anytime.`
                    : `Billed ${plan.period === 'year' ? 'yearly' : 'monthly'}. Not sold online: our sales team sets it up with you.`}
                </Text>
                <Text color="gray.700">{plan.description}</Text>
                <CheckList items={plan.features} iconSize={16} itemAlign="start" flex="1" />
                <LinkButton
                  to={plan.soldOnline ? CLAIM_START_HREF : CONTACT_SALES_HREF}
                  colorPalette="brand"
                  variant={plan.soldOnline ? 'solid' : 'outline'}
                  size="lg"
                >
                  {plan.buttonText}
                </LinkButton>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>

      <Box as="section" aria-labelledby="why-heading" bg="white" borderYWidth="1px" px={{ base: '4', md: '6' }} py="14">
        <Heading as="h2" id="why-heading" size="2xl" textAlign="center" mb="8">
          Why choose LimoDirectory?
        </Heading>
        <IconPoints items={WHY} heading="h3" maxW="6xl" mx="auto" columns={{ base: 1, md: 2, lg: 4 }} />
      </Box>

      <Box as="section" aria-labelledby="cta-heading" px={{ base: '4', md: '6' }} py="14">
        <Stack maxW="3xl" mx="auto" gap="4" textAlign="center" align="center">
          <Heading as="h2" id="cta-heading" size="2xl">
            Ready to grow your business?
          </Heading>
          <Text color="gray.700">Join the limousine companies that get their customers from LimoDirectory.</Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <LinkButton to={CLAIM_START_HREF} colorPalette="brand" size="lg">
              Claim your business for $75/year
            </LinkButton>
            <LinkButton to={CONTACT_SALES_HREF} variant="outline" size="lg">
              Contact Sales
            </LinkButton>
          </Flex>
        </Stack>
      </Box>
    </>
  );
}
