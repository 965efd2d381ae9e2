import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickedAddress } from '../lib/places';
import { fakeServer, on, renderAt } from '../test/render';
import { PlaceInput } from './PlaceInput';

// Google's script cannot load in jsdom: the loader says it did, and the current Places element is a
// stand-in custom element that answers a selection the way Google's does (`gmp-select`).
vi.mock('@react-google-maps/api', () => ({ useJsApiLoader: () => ({ isLoaded: true, loadError: undefined }) }));

customElements.define('fake-place-autocomplete', class extends HTMLElement {});

const MIAMI_PLACE = {
  fetchFields: vi.fn(async () => undefined),
  formattedAddress: '12 Ocean Dr, Miami Beach, FL 33139, USA',
  location: { lat: () => 25.77, lng: () => -80.13 },
  addressComponents: [
    { types: ['street_number'], longText: '12', shortText: '12' },
    { types: ['route'], longText: 'Ocean Drive', shortText: 'Ocean Dr' },
    { types: ['locality'], longText: 'Miami Beach', shortText: 'Miami Beach' },
    { types: ['administrative_area_level_1'], longText: 'Florida', shortText: 'FL' },
    { types: ['postal_code'], longText: '33139', shortText: '33139' },
  ],
};

function Field({ onPlace }: { onPlace(place: PickedAddress): void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PlaceInput kind="address" aria-label="Pickup Location" value={value} onValueChange={setValue} onPlace={onPlace} />
      <output data-testid="value">{value}</output>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('place fields', () => {
  it("with a key read at run time: Google's PlaceAutocompleteElement, its pick read through the current Places API", async () => {
    const legacy = vi.fn();
    vi.stubGlobal('google', {
      maps: {
        places: {
          PlaceAutocompleteElement: function PlaceAutocompleteElement() {
            return document.createElement('fake-place-autocomplete');
          },
          Autocomplete: legacy,
        },
      },
    });
    fakeServer(
      on('GET', '/api/config/maps-key', {
        body: { googleMapsApiKey: 'AIzaRunTimeKey123', mapStyleUrl: 'https://tiles.example/style.json' },
      }),
    );
    const onPlace = vi.fn();
    renderAt(<Field onPlace={onPlace} />);
    const host = await screen.findByTestId('google-place-autocomplete');
    const element = await waitFor(() => {
      const found = host.querySelector('fake-place-autocomplete');
      if (!found) throw new Error('the Places element is not attached yet');
      return found;
    });
    expect(element).toHaveAttribute('aria-label', 'Pickup Location');
    expect(element).toHaveProperty('includedRegionCodes', ['us']);

    element.dispatchEvent(Object.assign(new Event('gmp-select'), { placePrediction: { toPlace: () => MIAMI_PLACE } }));
    await waitFor(() =>
      expect(onPlace).toHaveBeenCalledWith({
        formatted: '12 Ocean Dr, Miami Beach, FL 33139, USA',
        street: '12 Ocean Drive',
        city: 'Miami Beach',
        state: 'FL',
        zipCode: '33139',
        latitude: 25.77,
        longitude: -80.13,
      }),
    );
    expect(MIAMI_PLACE.fetchFields).toHaveBeenCalledWith({ fields: ['addressComponents', 'formattedAddress', 'location'] });
    expect(screen.getByTestId('value')).toHaveTextContent('12 Ocean Dr, Miami Beach, FL 33139, USA');
    expect(legacy).not.toHaveBeenCalled();
  });

  it("without a key: the gazetteer's suggestions, no Google", async () => {
    fakeServer(
      on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: 'https://tiles.example/style.json' } }),
      on('GET', '/api/geo/cities', {
        body: [{ label: 'Miami, FL', city: 'Miami', state: 'FL', latitude: 25.7617, longitude: -80.1918, zipCode: '33128' }],
      }),
    );
    const onPlace = vi.fn();
    const { user } = renderAt(<Field onPlace={onPlace} />);
    await user.type(screen.getByLabelText('Pickup Location'), '12 Ocean Dr, Mia');
    await user.click(await screen.findByRole('option', { name: '12 Ocean Dr, Miami, FL 33128' }));
    expect(onPlace).toHaveBeenCalledWith(expect.objectContaining({ city: 'Miami', state: 'FL', latitude: 25.7617 }));
    expect(screen.queryByTestId('google-place-autocomplete')).not.toBeInTheDocument();
  });

  // Last: these two load the module registry afresh (the suggestions' code not loaded yet).
  it("stands in with a plain field until the suggestions' code is loaded, then hands over the text, focus and caret", async () => {
    fakeServer(
      on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: 'https://tiles.example/style.json' } }),
      on('GET', '/api/geo/cities', {
        body: [{ label: 'Miami, FL', city: 'Miami', state: 'FL', latitude: 25.7617, longitude: -80.1918, zipCode: '33128' }],
      }),
    );
    // A fresh module: the suggestions' code not loaded yet, as on a page's first field.
    vi.resetModules();
    const { PlaceInput: FreshPlaceInput } = await import('./PlaceInput');
    function FreshField() {
      const [value, setValue] = useState('');
      return (
        <>
          <FreshPlaceInput kind="address" aria-label="Pickup Location" value={value} onValueChange={setValue} />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    const { user } = renderAt(<FreshField />);
    const standIn = screen.getByRole('textbox', { name: 'Pickup Location' });
    await user.type(standIn, '12 Ocean Dr, Mia');
    const field = await waitFor(() => {
      const current = screen.getByRole('combobox', { name: 'Pickup Location' });
      expect(current).toHaveAttribute('data-scope', 'combobox');
      return current;
    });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('12 Ocean Dr, Mia');
    expect(screen.getByTestId('value')).toHaveTextContent('12 Ocean Dr, Mia');
    expect(await screen.findByRole('option', { name: '12 Ocean Dr, Miami, FL 33128' })).toBeInTheDocument();
  });

  it('asks for no suggestions for text the visitor did not type, when the field only had the focus', async () => {
    const calls = fakeServer(
      on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: 'https://tiles.example/style.json' } }),
      on('GET', '/api/geo/cities', { body: [] }),
    );
    // A fresh module: the suggestions' code not loaded yet, as on a page's first field.
    vi.resetModules();
    const { PlaceInput: FreshPlaceInput } = await import('./PlaceInput');
    function Prefilled() {
      const [value, setValue] = useState('Miami');
      return <FreshPlaceInput kind="city" aria-label="Location" value={value} onValueChange={setValue} />;
    }
    const { user } = renderAt(<Prefilled />);
    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    const field = await screen.findByRole('combobox', { name: 'Location' });
    expect(field).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.some((c) => c.url.startsWith('/api/geo/cities'))).toBe(false);
  });
});
