import { Badge, Box, Button, Card, Flex, Grid, Heading, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { CredentialBadges } from '../components/CredentialBadges';
import { ResponseTime } from '../components/ResponseTime';
import { VerifiedOwnerBadge } from '../components/VerifiedOwnerBadge';
import {
  COMPANY_NOT_FOUND_META,
  cityPath,
  citySlug,
  companyJsonLd,
  companyPageMeta,
  pageMeta,
  statePath,
  type CompanyDetail,
} from '@limo/contracts';
import { ArrowLeft, Crown, DollarSign, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { CompanyImage } from '../components/CompanyImage';
import { StarRating } from '../components/StarRating';
import { track } from '../lib/analytics';
import { emailBreakPoints, companyPlace, DEFAULT_DESCRIPTION, DEFAULT_PRICE_RANGE, telHref, websiteHref } from '../lib/company';
import { useCompany } from '../lib/companies';
import { useOrigin } from '../lib/landing';
import { useDocumentMeta, useJsonLd } from '../lib/meta';
import { CompanyReviews } from './company/CompanyReviews';
import { DeferredReviewForm } from './company/DeferredReviewForm';
import { BusinessHoursTable, CompanyGallery, FleetList, ServiceAreaText } from './company/ProfileDetails';
import { LinkButton } from '../components/LinkButton';
import { PageLoading } from '../components/PageLoading';
import { RequestQuoteButton } from '../components/RequestQuoteButton';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" id={id} size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

/** The company's phone, called with a tap (`onCall` counts the call). */
function PhoneLine({ phone, onCall }: { phone: string; onCall(): void }) {
  return (
    <HStack gap="2">
      <Phone size={16} aria-hidden="true" />
      <Link href={telHref(phone)} color="brand.700" onClick={onCall}>
        {phone}
      </Link>
    </HStack>
  );
}

function fullAddress(company: CompanyDetail): string {
  const street = company.address?.trim();
  const cityLine = [company.city, [company.state, company.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, cityLine].filter(Boolean).join(', ') || companyPlace(company);
}

function BackLink() {
  return (
    <LinkButton to="/" variant="ghost" size="sm" alignSelf="start">
      <ArrowLeft aria-hidden="true" /> Back to Directory
    </LinkButton>
  );
}

/** Links to the landing pages of the company's city and state (issue 19). */
function CityLinks({ company }: { company: CompanyDetail }) {
  if (!company.state || !/^[A-Za-z]{2}$/.test(company.state.trim())) return null;
  const city = company.city?.trim();
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm">
      {city && citySlug(city) && (
        <Link asChild color="brand.700">
          <RouterLink to={cityPath(company.state, city)}>
            More limo companies in {city}, {company.state.trim().toUpperCase()}
          </RouterLink>
        </Link>
      )}
      <Link asChild color="brand.700">
        <RouterLink to={statePath(company.state)}>All cities in {company.state.trim().toUpperCase()}</RouterLink>
      </Link>
    </HStack>
  );
}

/** The company profile, /company/{id} (§2). */
export default function CompanyPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const { data: company, isPending, isError } = useCompany(id);

  useDocumentMeta(company ? companyPageMeta(company) : company === null ? COMPANY_NOT_FOUND_META : pageMeta(pathname));
  // The page's URL only in the browser, after hydration: the server render must not read `window`.
  const origin = useOrigin();
  useJsonLd(company && origin ? companyJsonLd(company, `${origin}${pathname}`) : undefined);
  const companyId = company?.id;
  useEffect(() => {
    if (companyId) track('company_view', { companyId });
  }, [companyId]);
  const onCall = () => track('call_click', { companyId });
  const onWebsite = () => track('website_click', { companyId });

  if (isPending) {
    return <PageLoading label="Loading company" />;
  }
  if (isError || !company) {
    return (
      <Stack maxW="2xl" mx="auto" px="4" py="20" gap="4" align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {isError ? 'Error Loading Company' : 'Company Not Found'}
        </Heading>
        <Text color="gray.700">
          {isError
            ? 'We could not load this company just now. Please try again.'
            : 'The company you are looking for does not exist or has been removed.'}
        </Text>
        <LinkButton to="/" colorPalette="brand">
          Browse Companies
        </LinkButton>
      </Stack>
    );
  }

  const rated = company.rating > 0 && company.reviewCount > 0;
  const price = company.priceRange || DEFAULT_PRICE_RANGE;

  return (
    <Stack maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="6" gap="6">
      <BackLink />
      <Card.Root overflow="hidden">
        <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }}>
          <CompanyImage company={company} loading="eager" minH="60" />
          <Stack p={{ base: '5', md: '8' }} gap="3">
            <Flex gap="3" align="center" wrap="wrap">
              <Heading as="h1" size="3xl">
                {company.name}
              </Heading>
              {company.featured && (
                <Badge bg="gold.400" color="gray.900" size="lg" fontWeight="bold">
                  <Crown size={14} aria-hidden="true" /> PREMIUM
                </Badge>
              )}
              {company.verifiedOwner && <VerifiedOwnerBadge size="lg" />}
              <CredentialBadges company={company} size="lg" />
            </Flex>
            {rated && (
              <HStack gap="2">
                <StarRating rating={company.rating} size={18} />
                <Text color="gray.700">
                  {company.rating.toFixed(1)} ({company.reviewCount} {company.reviewCount === 1 ? 'review' : 'reviews'})
                </Text>
              </HStack>
            )}
            <ResponseTime company={company} fontSize="md" />
            <HStack gap="2" color="gray.700">
              <MapPin size={16} aria-hidden="true" />
              <Text>{fullAddress(company)}</Text>
            </HStack>
            <CityLinks company={company} />
            <HStack gap="4" wrap="wrap" color="gray.700">
              <HStack gap="1">
                <DollarSign size={16} aria-hidden="true" />
                <Text>
                  Price range: <strong>{price}</strong>
                </Text>
              </HStack>
              {company.hourlyRateStart ? (
                <Text fontWeight="semibold" color="brand.700">
                  Starting at ${company.hourlyRateStart}/hr
                </Text>
              ) : null}
            </HStack>
            {company.phone && <PhoneLine phone={company.phone} onCall={onCall} />}
            {company.website && (
              <HStack gap="2">
                <Globe size={16} aria-hidden="true" />
                <Link href={websiteHref(company.website)} target="_blank" rel="noopener noreferrer" color="brand.700" onClick={onWebsite}>
                  Visit website
                </Link>
              </HStack>
            )}
            <Flex gap="3" wrap="wrap" pt="2">
              {company.phone && (
                <Button asChild variant="outline">
                  <a href={telHref(company.phone)} onClick={onCall}>
                    <Phone aria-hidden="true" /> Call Now
                  </a>
                </Button>
              )}
              <RequestQuoteButton company={company} />
            </Flex>
            {!company.claimed && !company.owned && (
              <Link asChild color="gold.700" fontWeight="medium">
                <RouterLink to={`/claim-business?companyId=${encodeURIComponent(company.id)}`}>Own this business? Claim for $75</RouterLink>
              </Link>
            )}
          </Stack>
        </Grid>
      </Card.Root>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="6">
          <Section id="about-heading" title="About">
            <Text color="gray.700" whiteSpace="pre-line">
              {company.description || DEFAULT_DESCRIPTION}
            </Text>
          </Section>
          {company.gallery.length > 0 && (
            <Section id="gallery-heading" title="Photos">
              <CompanyGallery company={company} />
            </Section>
          )}
          <Section id="services-heading" title="Services & Fleet">
            <Stack gap="4">
              <Box>
                <Text fontWeight="semibold" mb="2">
                  Services
                </Text>
                {company.services.length ? (
                  <Wrap gap="2">
                    {company.services.map((s) => (
                      <Badge key={s} colorPalette="brand" variant="subtle" size="md">
                        {s}
                      </Badge>
                    ))}
                  </Wrap>
                ) : (
                  <Text color="gray.600">Not specified</Text>
                )}
              </Box>
              <Box>
                <Text fontWeight="semibold" mb="2">
                  Vehicle Types
                </Text>
                {company.vehicleTypes.length ? (
                  <Wrap gap="2">
                    {company.vehicleTypes.map((v) => (
                      <Badge key={v} variant="outline" size="md">
                        {v}
                      </Badge>
                    ))}
                  </Wrap>
                ) : (
                  <Text color="gray.600">Not specified</Text>
                )}
              </Box>
              <FleetList company={company} />
              <ServiceAreaText company={company} />
            </Stack>
          </Section>
          <Section id="reviews-heading" title="Customer Reviews">
            <CompanyReviews company={company} />
          </Section>
          <Section id="write-review-heading" title="Write a Review">
            <DeferredReviewForm companyId={company.id} />
          </Section>
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <Section id="contact-heading" title="Quick Contact">
            <Stack gap="3" color="gray.700">
              <HStack gap="2" align="start">
                <MapPin size={16} aria-hidden="true" style={{ marginTop: 4 }} />
                <Text>{fullAddress(company)}</Text>
              </HStack>
              {company.phone && <PhoneLine phone={company.phone} onCall={onCall} />}
              {company.email && (
                <HStack gap="2" minW="0">
                  <Mail size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Link href={`mailto:${company.email}`} color="brand.700" minW="0" display="inline" data-testid="quick-contact-email">
                    {emailBreakPoints(company.email).map((part, i) => (
                      <span key={i}>
                        {i > 0 && <wbr />}
                        {part}
                      </span>
                    ))}
                  </Link>
                </HStack>
              )}
              <BusinessHoursTable company={company} />
            </Stack>
          </Section>
        </Box>
      </Grid>
    </Stack>
  );
}
