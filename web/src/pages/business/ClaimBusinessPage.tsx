import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CLAIM_SEARCH_PAGE_SIZE, type ClaimSearchCompany, type CompanyDetail } from '@limo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BadgeCheck, LayoutDashboard, Mail, MapPin, MessageSquareQuote, Phone, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ClaimerDetailsForm } from '../../components/payment/ClaimerDetailsForm';
import { allCompanies } from '../../lib/client/account';
import { useCompany } from '../../lib/companies';
import { queryKeys } from '../../lib/queryKeys';
import { companyPlace, DEFAULT_DESCRIPTION } from '../../lib/company';
import { checkoutHref, CLAIM_PLAN } from '../../lib/plans';
import { useCurrentUser } from '../../lib/session';
import { Pagination } from '../home/Pagination';
import { LinkButton } from '../../components/LinkButton';
import { IconPoints } from '../../components/IconPoints';
import { HeroBand } from '../../components/HeroBand';
import { PageLoading } from '../../components/PageLoading';
import { useDebounced } from '../../lib/useDebounced';

function ClaimCard({ company }: { company: ClaimSearchCompany }) {
  return (
    <Card.Root as="article" aria-label={company.name} data-testid="claim-card">
      <Card.Body gap="2">
        <Flex justify="space-between" gap="2" align="start">
          <Heading as="h3" size="md" lineClamp={2}>
            {company.name}
          </Heading>
          {company.claimed || company.owned ? (
            <Badge colorPalette="gray">{company.claimed ? 'Claimed' : 'Owner listed'}</Badge>
          ) : (
            <Badge colorPalette="green">Available</Badge>
          )}
        </Flex>
        <HStack gap="1.5" fontSize="sm" color="gray.700">
          <MapPin size={14} aria-hidden="true" />
          <Text>{companyPlace(company)}</Text>
        </HStack>
        {company.phone && (
          <HStack gap="1.5" fontSize="sm" color="gray.700">
            <Phone size={14} aria-hidden="true" />
            <Text>{company.phone}</Text>
          </HStack>
        )}
        {company.email && (
          <HStack gap="1.5" fontSize="sm" color="gray.700" minW="0">
            <Mail size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text truncate>{company.email}</Text>
          </HStack>
        )}
        <Text fontSize="sm" color="gray.700">
          {company.reviewCount > 0 ? `${company.rating.toFixed(1)} ★ (${company.reviewCount} reviews)` : 'No ratings yet'}
        </Text>
      </Card.Body>
      <Card.Footer>
        {company.claimed || company.owned ? (
          <Button w="full" disabled variant="outline">
            {company.claimed ? 'Already Claimed' : 'Already Owned'}
          </Button>
        ) : (
          <Button asChild w="full" colorPalette="brand">
            <RouterLink to={`/claim-business?companyId=${encodeURIComponent(company.id)}`}>Claim This Business</RouterLink>
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

/** The search over every listed company, answered a page at a time by the server. */
function FindYourBusiness() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim(), 250);
  useEffect(() => setPage(1), [search]);
  const results = useQuery({
    queryKey: queryKeys.allCompanies(search, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      allCompanies(new URLSearchParams({ search, page: String(page), limit: String(CLAIM_SEARCH_PAGE_SIZE) }).toString(), signal),
  });
  const total = results.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / CLAIM_SEARCH_PAGE_SIZE));

  return (
    <Box as="section" aria-labelledby="find-heading" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="12">
      <Heading as="h2" id="find-heading" size="2xl" mb="4">
        Find Your Business
      </Heading>
      <InputGroup startElement={<Search size={16} aria-hidden="true" />} maxW="xl">
        <Input
          aria-label="Search by business name, city, state or e-mail"
          placeholder="Business name, city, state or e-mail"
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="lg"
          bg="white"
        />
      </InputGroup>
      <Text mt="2" fontSize="sm" color="gray.700" role="status" data-testid="claim-total">
        {results.data
          ? `${total.toLocaleString('en-US')} ${total === 1 ? 'business' : 'businesses'}${search ? ` matching "${search}"` : ''}`
          : ''}
      </Text>
      {results.isPending && (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" mt="6">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="48" rounded="lg" />
          ))}
        </SimpleGrid>
      )}
      {results.data && results.data.items.length === 0 && (
        <Card.Root mt="6">
          <Card.Body textAlign="center" gap="2">
            <Text fontWeight="semibold">No businesses found matching "{search}"</Text>
            <Text color="gray.700">
              Not listed yet? <RouterLink to="/list-business">List your business</RouterLink> or{' '}
              <RouterLink to="/contact?topic=Listing%20or%20claim">Contact us</RouterLink>.
            </Text>
          </Card.Body>
        </Card.Root>
      )}
      {results.data && results.data.items.length > 0 && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" mt="6" opacity={results.isPlaceholderData ? 0.6 : 1}>
            {results.data.items.map((c) => (
              <ClaimCard key={c.id} company={c} />
            ))}
          </SimpleGrid>
          {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} />}
        </>
      )}
    </Box>
  );
}

/** The claimer-details step (the spec's unreachable modal, made the real step): all four required. */
function ClaimerStep({ company, onCancel }: { company: CompanyDetail; onCancel(): void }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return (
    <ClaimerDetailsForm
      companyName={company.name}
      initialEmail={user?.email ?? company.email ?? ''}
      onSubmit={() => void navigate(checkoutHref(CLAIM_PLAN, company.id))}
      secondary={
        <Button variant="outline" onClick={onCancel}>
          Back
        </Button>
      }
    />
  );
}

function Confirmation({ companyId }: { companyId: string }) {
  const company = useCompany(companyId);
  const [step, setStep] = useState<'confirm' | 'details'>('confirm');
  if (company.isPending) {
    return <PageLoading label="Loading business" />;
  }
  if (!company.data) {
    return (
      <Center px="4" py="20">
        <Stack textAlign="center" align="center" gap="4">
          <Heading as="h1" size="2xl">
            Business Not Found
          </Heading>
          <LinkButton to="/claim-business" colorPalette="brand">
            Choose Different Business
          </LinkButton>
        </Stack>
      </Center>
    );
  }
  const c = company.data;
  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="6">
        Claim {c.name}
      </Heading>
      <Card.Root data-testid="claim-confirmation">
        <Card.Body gap="5">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {c.name}
            </Heading>
            <Text color="gray.700">{companyPlace(c)}</Text>
            {c.phone && <Text color="gray.700">{c.phone}</Text>}
            <Text color="gray.700">{c.description || DEFAULT_DESCRIPTION}</Text>
          </Stack>
          <Box bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="lg" p="4" data-testid="subscription-box">
            <Text fontWeight="semibold">Annual Subscription</Text>
            <Text fontSize="3xl" fontWeight="bold" color="brand.800">
              $75/year
            </Text>
            <Text fontSize="sm" color="gray.700">
              Billed yearly, renews automatically. Cancel anytime through support; your listing stays active to the end of the year paid.
            </Text>
          </Box>
          {c.claimed || c.owned ? (
            <Stack gap="3">
              <Text color="gray.700">
                {c.claimed ? 'This business has already been claimed.' : 'This business is already listed by its owner.'}
              </Text>
              <LinkButton to="/claim-business" variant="outline">
                Choose Different Business
              </LinkButton>
            </Stack>
          ) : step === 'confirm' ? (
            <Flex gap="3" wrap="wrap">
              <Button colorPalette="brand" size="lg" onClick={() => setStep('details')}>
                Subscribe for $75/year
              </Button>
              <LinkButton to="/claim-business" variant="outline" size="lg">
                Choose Different Business
              </LinkButton>
            </Flex>
          ) : (
            <ClaimerStep company={c} onCancel={() => setStep('confirm')} />
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

const TILES = [
  { icon: MessageSquareQuote, title: 'Receive Quote Requests', text: 'Customers in your city send their trips straight to you.' },
  { icon: LayoutDashboard, title: 'Manage Your Listing', text: 'Update your profile, photos and services from your dashboard.' },
  { icon: BadgeCheck, title: 'Get Verified', text: 'A verified badge tells customers they deal with the real owner.' },
];

/** /claim-business (owner-admin §2.4): search and pick, or confirm the company of `companyId`. */
export default function ClaimBusinessPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  if (companyId) return <Confirmation companyId={companyId} />;
  return (
    <>
      <HeroBand py={{ base: '10', md: '16' }}>
        <Stack maxW="4xl" mx="auto" gap="4" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Claim Your Business
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.100">
            Your company may already be listed. Claim it to manage your profile and receive quote requests.
          </Text>
        </Stack>
      </HeroBand>
      <IconPoints items={TILES} heading="h2" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} pt="10" columns={{ base: 1, md: 3 }} />
      <FindYourBusiness />
      <Box as="section" aria-labelledby="claim-pricing" bg="white" borderYWidth="1px" px={{ base: '4', md: '6' }} py="12">
        <Stack maxW="3xl" mx="auto" gap="3" textAlign="center" align="center">
          <Heading as="h2" id="claim-pricing" size="xl">
            How claiming works
          </Heading>
          <Text color="gray.700">
            Claiming costs $75 per year, billed yearly and renewed automatically; cancel anytime. After payment you get immediate dashboard
            access with limited editing, and full editing once our team verifies your claim (1-2 business days).
          </Text>
        </Stack>
      </Box>
    </>
  );
}
