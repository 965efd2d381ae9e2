import { Button, Card, Checkbox, Field, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  VEHICLE_TYPES,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type BusinessHours,
  type FleetVehicle,
  type OwnerCompany,
  type ServiceArea,
} from '@limo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { OptionSelect } from '../../components/OptionSelect';
import { updateCompany, uploadImage } from '../../lib/client/account';
import { showToast } from '../../lib/toast';
import { MY_COMPANIES_KEY } from './data';

type AreaKind = 'none' | 'radius' | 'cities';
const AREA_OPTIONS = [
  { value: 'none', label: 'Not set' },
  { value: 'radius', label: 'A radius around my address' },
  { value: 'cities', label: 'A list of cities' },
];
const VEHICLE_OPTIONS = VEHICLE_TYPES.map((t) => ({ value: t.slug, label: t.label }));

const slugOfLabel = (label: string) => VEHICLE_TYPES.find((t) => t.label === label || t.slug === label)?.slug ?? label;
const emptyHours = (): BusinessHours => Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as BusinessHours;

/** "Miami, FL" lines as `{ city, state }` (a line without a comma is kept whole as the city: the server names the problem). */
export function parseCities(text: string): Array<{ city: string; state: string }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const comma = line.lastIndexOf(',');
      return comma < 0 ? { city: line, state: '' } : { city: line.slice(0, comma).trim(), state: line.slice(comma + 1).trim() };
    });
}

/**
 * Business hours, service area and fleet (issue 21), saved with the owner's edit
 * (`PUT /api/companies/{id}`): applied at once for a verified business, sent for review otherwise.
 */
export function ProfileExtras({ company, verified }: { company: OwnerCompany; verified: boolean }) {
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<BusinessHours>(company.hours ?? emptyHours());
  const area: ServiceArea | null = company.serviceArea;
  const [kind, setKind] = useState<AreaKind>(!area ? 'none' : 'radiusMiles' in area ? 'radius' : 'cities');
  const [radius, setRadius] = useState(area && 'radiusMiles' in area ? String(area.radiusMiles) : '25');
  const [cities, setCities] = useState(area && 'cities' in area ? area.cities.map((c) => `${c.city}, ${c.state}`).join('\n') : '');
  const [fleet, setFleet] = useState<FleetVehicle[]>(company.fleet.map((v) => ({ ...v, type: slugOfLabel(v.type) })));

  const save = useMutation({
    mutationFn: async () => {
      const serviceArea = kind === 'none' ? null : kind === 'radius' ? { radiusMiles: Number(radius) } : { cities: parseCities(cities) };
      return updateCompany(company.id, { hours, serviceArea, fleet });
    },
    onSuccess: ({ requested }) => {
      void queryClient.invalidateQueries({ queryKey: MY_COMPANIES_KEY });
      showToast(
        requested
          ? { title: 'Changes Requested', description: 'Your changes will show once our team approves them.' }
          : { title: 'Success', description: 'Company information updated successfully!' },
      );
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? Object.values(error.fieldErrors) : [];
      showToast({ title: 'Could not save', description: fields[0] ?? messageOf(error, 'Could not save'), type: 'error' });
    },
  });

  const setDay = (day: (typeof WEEKDAYS)[number], value: BusinessHours[typeof day]) => setHours((h) => ({ ...h, [day]: value }));
  const setVehicle = (i: number, change: Partial<FleetVehicle>) => setFleet((f) => f.map((v, k) => (k === i ? { ...v, ...change } : v)));
  const uploadPhoto = async (i: number, file: File | undefined) => {
    if (!file) return;
    try {
      setVehicle(i, { photoUrl: await uploadImage(file, company.id) });
    } catch (error) {
      showToast({ title: 'Upload failed', description: messageOf(error, 'Upload failed'), type: 'error' });
    }
  };

  return (
    <Card.Root mt="6">
      <Card.Body gap="6">
        <Stack gap="3" as="section" aria-labelledby="hours-heading">
          <Heading as="h3" size="md" id="hours-heading">
            Business Hours
          </Heading>
          <Text color="gray.700" fontSize="sm">
            Your local time. A closing time before the opening time runs past midnight.
          </Text>
          {WEEKDAYS.map((day) => {
            const h = hours[day];
            return (
              <HStack key={day} gap="3" wrap="wrap">
                <Checkbox.Root
                  w="36"
                  checked={h !== null}
                  onCheckedChange={(e) => setDay(day, e.checked ? { open: '09:00', close: '17:00' } : null)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{WEEKDAY_LABELS[day]}</Checkbox.Label>
                </Checkbox.Root>
                {h ? (
                  <>
                    <Input
                      type="time"
                      w="36"
                      aria-label={`${WEEKDAY_LABELS[day]} opens`}
                      value={h.open}
                      onChange={(e) => setDay(day, { ...h, open: e.target.value })}
                    />
                    <Input
                      type="time"
                      w="36"
                      aria-label={`${WEEKDAY_LABELS[day]} closes`}
                      value={h.close}
                      onChange={(e) => setDay(day, { ...h, close: e.target.value })}
                    />
                  </>
                ) : (
                  <Text color="gray.600">Closed</Text>
                )}
              </HStack>
            );
          })}
        </Stack>

        <Stack gap="3" as="section" aria-labelledby="area-heading">
          <Heading as="h3" size="md" id="area-heading">
            Service Area
          </Heading>
          <OptionSelect
            root={{ w: '64' }}
            aria-label="Service area"
            value={kind}
            onChange={(e) => setKind(e.target.value as AreaKind)}
            options={AREA_OPTIONS}
          />
          {kind === 'radius' && (
            <Field.Root w="64">
              <Field.Label>Radius (miles)</Field.Label>
              <Input type="number" min={1} max={150} value={radius} onChange={(e) => setRadius(e.target.value)} />
            </Field.Root>
          )}
          {kind === 'cities' && (
            <Field.Root>
              <Field.Label>Cities, one per line ("Miami, FL")</Field.Label>
              <Textarea rows={4} value={cities} onChange={(e) => setCities(e.target.value)} />
            </Field.Root>
          )}
        </Stack>

        <Stack gap="3" as="section" aria-labelledby="fleet-heading">
          <Heading as="h3" size="md" id="fleet-heading">
            Fleet
          </Heading>
          {fleet.map((v, i) => (
            <SimpleGrid key={i} columns={{ base: 1, md: 5 }} gap="2" alignItems="end" role="group" aria-label={`Vehicle ${i + 1}`}>
              <OptionSelect
                aria-label="Vehicle type"
                value={v.type}
                onChange={(e) => setVehicle(i, { type: e.target.value })}
                options={VEHICLE_OPTIONS}
              />
              <Input
                type="number"
                aria-label="Capacity"
                placeholder="Passengers"
                min={1}
                value={v.capacity}
                onChange={(e) => setVehicle(i, { capacity: Number(e.target.value) })}
              />
              <Input
                type="number"
                aria-label="Hourly rate"
                placeholder="$/hour"
                min={0}
                value={v.hourlyRate ?? ''}
                onChange={(e) => setVehicle(i, { hourlyRate: e.target.value === '' ? null : Number(e.target.value) })}
              />
              <Input
                type="file"
                aria-label="Vehicle photo"
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => void uploadPhoto(i, e.target.files?.[0])}
              />
              <IconButton
                variant="outline"
                colorPalette="red"
                aria-label={`Remove vehicle ${i + 1}`}
                onClick={() => setFleet((f) => f.filter((_, k) => k !== i))}
              >
                <Trash2 />
              </IconButton>
            </SimpleGrid>
          ))}
          <Button
            variant="outline"
            alignSelf="start"
            onClick={() => setFleet((f) => [...f, { type: VEHICLE_TYPES[0].slug, capacity: 4, photoUrl: null, hourlyRate: null }])}
          >
            <Plus aria-hidden="true" /> Add vehicle
          </Button>
        </Stack>

        <Button colorPalette="brand" alignSelf="start" onClick={() => save.mutate()} loading={save.isPending}>
          {verified ? 'Save hours, area and fleet' : 'Request these changes'}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
