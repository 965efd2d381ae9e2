import { Box, Button, Fieldset, Flex, Grid, GridItem, Heading, HStack, Text } from '@chakra-ui/react';
import { BadgeCheck, Search } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { FormField } from '../../components/FormField';
import { OptionSelect, type SelectOption } from '../../components/OptionSelect';
import { PlaceInput } from '../../components/PlaceInput';
import {
  DISTANCE_OPTIONS,
  MIN_RATING_OPTIONS,
  PRICE_RANGE_OPTIONS,
  SERVICE_TYPE_OPTIONS,
  VEHICLE_TYPE_OPTIONS,
  type SearchFilters,
} from '../../lib/search';
import { HeroBand } from '../../components/HeroBand';
import { colorValue } from '../../theme';

let checkboxStyle: CSSProperties | undefined;
/** The filters' native checkboxes, in the brand's colour (read from the theme once it is made: not while the page's code loads). */
const CHECKBOX_STYLE = () => (checkboxStyle ??= { width: 16, height: 16, accentColor: colorValue('brand.700') });

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
}

function SelectField({ label, value, options, onChange }: SelectFieldProps) {
  return (
    <FormField label={label}>
      <OptionSelect value={value} options={options} onChange={(e) => onChange(e.target.value)} bg="white" />
    </FormField>
  );
}

export interface SearchHeroProps {
  /** The filters in force; the box starts from them. */
  initial: SearchFilters;
  onSearch(filters: SearchFilters): void;
}

/** Hero with the search box (§2): every filter of §3, handed to the page as one set by Search. */
export function SearchHero({ initial, onSearch }: SearchHeroProps) {
  const [draft, setDraft] = useState<SearchFilters>(initial);
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleVehicle = (type: string, checked: boolean) =>
    setDraft((d) => ({ ...d, vehicleTypes: checked ? [...d.vehicleTypes, type] : d.vehicleTypes.filter((t) => t !== type) }));

  return (
    <HeroBand pt={{ base: '10', md: '16' }} pb={{ base: '12', md: '20' }}>
      <Box maxW="6xl" mx="auto">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1" maxW="3xl">
          Find the Perfect Limousine Service Near You
        </Heading>
        <Text mt="4" fontSize={{ base: 'md', md: 'xl' }} color="brand.100" maxW="2xl">
          Compare limousine, party bus and chauffeur companies across the USA. Read real reviews and request free quotes. No account needed.
        </Text>
        <Box
          as="form"
          role="search"
          aria-label="Search limousine companies"
          mt="8"
          bg="white"
          color="gray.900"
          rounded="xl"
          boxShadow="2xl"
          p={{ base: '4', md: '6' }}
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            onSearch(draft);
          }}
        >
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="4">
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <FormField label="Location">
                <PlaceInput
                  kind="city"
                  name="location"
                  value={draft.location}
                  onValueChange={(v) => set('location', v)}
                  placeholder="City, ST"
                />
              </FormField>
            </GridItem>
            <SelectField
              label="Service Type"
              value={draft.serviceType}
              options={SERVICE_TYPE_OPTIONS}
              onChange={(v) => set('serviceType', v)}
            />
            <SelectField label="Distance" value={draft.distance} options={DISTANCE_OPTIONS} onChange={(v) => set('distance', v)} />
            <SelectField
              label="Price Range"
              value={draft.priceRange}
              options={PRICE_RANGE_OPTIONS}
              onChange={(v) => set('priceRange', v)}
            />
            <SelectField
              label="Minimum Rating"
              value={draft.minRating}
              options={MIN_RATING_OPTIONS}
              onChange={(v) => set('minRating', v)}
            />
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <Fieldset.Root gap="1.5">
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  Vehicle Types
                </Fieldset.Legend>
                <HStack wrap="wrap" gap="4" minH="10">
                  {VEHICLE_TYPE_OPTIONS.map((type) => (
                    <HStack as="label" key={type} gap="2" fontSize="sm" cursor="pointer">
                      <input
                        type="checkbox"
                        checked={draft.vehicleTypes.includes(type)}
                        onChange={(e) => toggleVehicle(type, e.target.checked)}
                        style={CHECKBOX_STYLE()}
                      />
                      {type}
                    </HStack>
                  ))}
                </HStack>
              </Fieldset.Root>
            </GridItem>
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <Fieldset.Root gap="1.5">
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  Credentials
                </Fieldset.Legend>
                <HStack gap="5" wrap="wrap">
                  <HStack as="label" gap="2" fontSize="sm" cursor="pointer" minH="10">
                    <input
                      type="checkbox"
                      name="verifiedOwner"
                      checked={draft.verifiedOwner}
                      onChange={(e) => set('verifiedOwner', e.target.checked)}
                      style={CHECKBOX_STYLE()}
                    />
                    <BadgeCheck size={16} aria-hidden="true" /> Verified Owners only
                  </HStack>
                  <HStack as="label" gap="2" fontSize="sm" cursor="pointer" minH="10">
                    <input
                      type="checkbox"
                      checked={draft.licensedInsured}
                      onChange={(e) => set('licensedInsured', e.target.checked)}
                      style={CHECKBOX_STYLE()}
                    />
                    Licensed &amp; insured
                  </HStack>
                </HStack>
              </Fieldset.Root>
            </GridItem>
          </Grid>
          <Flex mt="5" justify="flex-end">
            <Button type="submit" colorPalette="brand" size="lg" width={{ base: 'full', md: 'auto' }} minW={{ md: '48' }}>
              <Search aria-hidden="true" /> Search
            </Button>
          </Flex>
        </Box>
      </Box>
    </HeroBand>
  );
}
