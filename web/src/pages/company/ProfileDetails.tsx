import { Badge, Box, HStack, Image, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { isOpenAt, WEEKDAYS, WEEKDAY_LABELS, type CompanyDetail, type ServiceArea } from '@limo/contracts';
import { useEffect, useState } from 'react';

/** The owner's gallery, in their order (issue 21). */
export function CompanyGallery({ company }: { company: Pick<CompanyDetail, 'name' | 'gallery'> }) {
  if (company.gallery.length === 0) return null;
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="company-gallery">
      {company.gallery.map((image, i) => (
        <Image
          key={image.id}
          src={image.url}
          alt={`${company.name}, ${i + 1} of ${company.gallery.length}`}
          aspectRatio={4 / 3}
          objectFit="cover"
          rounded="md"
          loading="lazy"
          data-image-id={image.id}
        />
      ))}
    </SimpleGrid>
  );
}

const systemNow = () => new Date();

/**
 * "Open now" / "Closed now" in the company's time zone (its state's), for the visitor's clock: known
 * only in the browser, so it is computed after hydration (the server-rendered page has no badge, the
 * same as the first client render) and refreshed every minute.
 */
export function OpenNowBadge({ company, now = systemNow }: { company: Pick<CompanyDetail, 'hours' | 'state'>; now?: () => Date }) {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setOpen(isOpenAt(company.hours, company.state, now()));
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [company.hours, company.state, now]);
  if (open === null) return null;
  return (
    <Badge colorPalette={open ? 'green' : 'gray'} variant="subtle" size="md" data-testid="open-now">
      {open ? 'Open now' : 'Closed now'}
    </Badge>
  );
}

/** Business hours per weekday, with the Open now badge. */
export function BusinessHoursTable({ company }: { company: Pick<CompanyDetail, 'hours' | 'state'> }) {
  const { hours } = company;
  if (!hours) return null;
  return (
    <Stack gap="2">
      <HStack>
        <Text fontWeight="semibold">Business Hours</Text>
        <OpenNowBadge company={company} />
      </HStack>
      <Table.Root size="sm" variant="line" aria-label="Business hours">
        <Table.Body>
          {WEEKDAYS.map((day) => {
            const h = hours[day];
            return (
              <Table.Row key={day}>
                <Table.Cell>{WEEKDAY_LABELS[day]}</Table.Cell>
                <Table.Cell textAlign="end">{h ? `${h.open} – ${h.close}` : 'Closed'}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** "Within 40 miles of Miami, FL" or "Miami, FL · Hialeah, FL". */
function serviceAreaText(area: ServiceArea, company: Pick<CompanyDetail, 'city' | 'state'>): string {
  if ('radiusMiles' in area) {
    const place = [company.city, company.state].filter(Boolean).join(', ');
    return `Within ${area.radiusMiles} miles${place ? ` of ${place}` : ''}`;
  }
  return area.cities.map((c) => `${c.city}, ${c.state}`).join(' · ');
}

/** Where the company drives. */
export function ServiceAreaText({ company }: { company: Pick<CompanyDetail, 'serviceArea' | 'city' | 'state'> }) {
  if (!company.serviceArea) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">
        Service Area
      </Text>
      <Text color="gray.700" data-testid="service-area">
        {serviceAreaText(company.serviceArea, company)}
      </Text>
    </Box>
  );
}

/** The fleet: each vehicle's type, capacity, hourly rate and photo. */
export function FleetList({ company }: { company: Pick<CompanyDetail, 'fleet'> }) {
  if (company.fleet.length === 0) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="2">
        Fleet
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="fleet">
        {company.fleet.map((v, i) => (
          <HStack key={i} gap="3" borderWidth="1px" rounded="md" p="2">
            {v.photoUrl && <Image src={v.photoUrl} alt={v.type} boxSize="16" objectFit="cover" rounded="sm" loading="lazy" />}
            <Box>
              <Text fontWeight="medium">{v.type}</Text>
              <Text color="gray.700" fontSize="sm">
                Up to {v.capacity} passengers{v.hourlyRate !== null ? ` · $${v.hourlyRate}/hour` : ''}
              </Text>
            </Box>
          </HStack>
        ))}
      </SimpleGrid>
    </Box>
  );
}
