import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeatureCollection } from 'geojson';
import { forwardRef, useEffect, useImperativeHandle, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAP_STYLE_URL } from '@limo/contracts';
import { makeCompany } from '../../test/fixtures';
import { currentLocation, fakeServer, on, renderAt, stubIntersections } from '../../test/render';
import { ResultsMap } from './ResultsMap';
import type { MapCompany } from './mapPoints';

// jsdom has no WebGL: both engines are replaced by stand-ins that draw their children (the markers
// the component computes) as plain elements. The real MapLibre GL runs in the browser journey.
const fake = vi.hoisted(() => ({ source: undefined as FeatureCollection | undefined }));

vi.mock('maplibre-gl', () => ({ setWorkerUrl: () => undefined }));
vi.mock('react-map-gl/maplibre', () => ({
  Map: forwardRef(function FakeMapLibre({ children, mapStyle, onLoad }: { children: ReactNode; mapStyle: string; onLoad?(): void }, ref) {
    useImperativeHandle(ref, () => ({
      getSource: () => (fake.source ? {} : undefined),
      // Unclustered, and each feature twice (as across two tiles): the markers must come once each.
      querySourceFeatures: () => [...(fake.source?.features ?? []), ...(fake.source?.features ?? [])],
      fitBounds: () => undefined,
      easeTo: () => undefined,
    }));
    useEffect(() => onLoad?.(), [onLoad]);
    return (
      <div data-testid="maplibre" data-style={mapStyle}>
        {children}
      </div>
    );
  }),
  Source: ({ data, children }: { data: FeatureCollection; children: ReactNode }) => {
    fake.source = data;
    return <>{children}</>;
  },
  Layer: () => null,
  Marker: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  Popup: ({ children }: { children: ReactNode }) => <div role="dialog">{children}</div>,
}));

vi.mock('@react-google-maps/api', () => ({
  useJsApiLoader: () => ({ isLoaded: true, loadError: undefined }),
  GoogleMap: ({ children }: { children: ReactNode }) => <div data-testid="google-map">{children}</div>,
  MarkerClustererF: ({ children }: { children(clusterer: object): ReactNode }) => <>{children({})}</>,
  MarkerF: ({ title, onClick }: { title: string; onClick(): void }) => (
    <button type="button" data-testid="google-marker" onClick={onClick}>
      {title}
    </button>
  ),
  InfoWindowF: ({ children }: { children: ReactNode }) => <div role="dialog">{children}</div>,
}));

// The map is on screen unless a test says otherwise.
beforeEach(() => {
  stubIntersections({ immediate: true });
});
afterEach(() => {
  fake.source = undefined;
});

const page1: MapCompany[] = [
  makeCompany({ id: 'a1', name: 'Alpha Limos', latitude: 25.77, longitude: -80.19 }),
  makeCompany({ id: 'b2', name: 'Bravo Cars', latitude: 25.8, longitude: -80.2 }),
  makeCompany({ id: 'c3', name: 'No Place Coaches', latitude: null, longitude: null }),
];
const page2: MapCompany[] = [makeCompany({ id: 'd4', name: 'Delta Rides', latitude: 26.1, longitude: -80.14 })];

/** The map of one page of results, with a button that turns to the next page. */
function Paged() {
  const [companies, setCompanies] = useState(page1);
  return (
    <>
      <button type="button" onClick={() => setCompanies(page2)}>
        Next page
      </button>
      <ResultsMap companies={companies} h="400px" />
    </>
  );
}

const region = () => screen.getByRole('region', { name: 'Map of results' });
const markerNames = () =>
  within(region())
    .queryAllByTestId('map-marker')
    .map((m) => m.getAttribute('aria-label'));

describe('the map of results', () => {
  it('without a key: MapLibre on the served style, one marker per company with coordinates, following the page', async () => {
    fakeServer(on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: 'http://tiles.test/style.json' } }));
    renderAt(<Paged />);
    // A placeholder first: the engine is fetched once the page is idle.
    expect(within(region()).getByTestId('map-placeholder')).toBeInTheDocument();

    expect(await within(region()).findByTestId('maplibre')).toHaveAttribute('data-style', 'http://tiles.test/style.json');
    expect(screen.queryByTestId('google-map')).not.toBeInTheDocument();
    await waitFor(() => expect(markerNames()).toEqual(['Alpha Limos on the map', 'Bravo Cars on the map']));

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(markerNames()).toEqual(['Delta Rides on the map']));
  });

  it("opens a marker's popup with a link to the company page", async () => {
    fakeServer(on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL } }));
    const { user } = renderAt(<ResultsMap companies={page1} h="400px" />);
    await user.click(await screen.findByRole('button', { name: 'Bravo Cars on the map' }));
    const popup = screen.getByRole('dialog');
    await user.click(within(popup).getByRole('link', { name: 'Bravo Cars' }));
    expect(currentLocation()).toBe('/company/b2');
  });

  it('highlights the active company and reports the hovered marker', async () => {
    fakeServer(on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL } }));
    const onActivate = vi.fn();
    renderAt(<ResultsMap companies={page1} activeId="a1" onActivate={onActivate} h="400px" />);
    const alpha = await screen.findByRole('button', { name: 'Alpha Limos on the map' });
    expect(alpha).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bravo Cars on the map' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Bravo Cars on the map' }));
    expect(onActivate).toHaveBeenLastCalledWith('b2');
  });

  it('with a key served at run time: Google Maps draws the markers, MapLibre is not loaded', async () => {
    const calls = fakeServer(
      on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: 'AIzaRunTimeKey123', mapStyleUrl: DEFAULT_MAP_STYLE_URL } }),
    );
    const { user } = renderAt(<ResultsMap companies={page1} h="400px" />);
    expect(await within(region()).findByTestId('google-map')).toBeInTheDocument();
    expect(
      within(region())
        .getAllByTestId('google-marker')
        .map((m) => m.textContent),
    ).toEqual(['Alpha Limos', 'Bravo Cars']);
    expect(screen.queryByTestId('maplibre')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/config/maps-key');
    await user.click(screen.getByRole('button', { name: 'Alpha Limos' }));
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Alpha Limos' })).toHaveAttribute('href', '/company/a1');
  });

  it('draws the key-less map on the default style when the config cannot be read', async () => {
    fakeServer(on('GET', '/api/config/maps-key', { status: 503, body: { message: 'Service unavailable' } }));
    renderAt(<ResultsMap companies={page1} h="400px" />);
    expect(await within(region()).findByTestId('maplibre')).toHaveAttribute('data-style', DEFAULT_MAP_STYLE_URL);
  });

  it('loads no engine while hidden (a closed toggle on a phone)', async () => {
    fakeServer(on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL } }));
    renderAt(<ResultsMap companies={page1} visible={false} h="400px" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByTestId('maplibre')).not.toBeInTheDocument();
    expect(within(region()).getByTestId('map-placeholder')).toBeInTheDocument();
  });

  it('below the screen (under the list on a phone), is fetched only once scrolled near', async () => {
    const screenEdge = stubIntersections();
    fakeServer(on('GET', '/api/config/maps-key', { body: { googleMapsApiKey: null, mapStyleUrl: DEFAULT_MAP_STYLE_URL } }));
    renderAt(<ResultsMap companies={page1} h="400px" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByTestId('maplibre')).not.toBeInTheDocument();

    act(() => screenEdge.scrollAll());
    expect(await within(region()).findByTestId('maplibre')).toBeInTheDocument();
    await waitFor(() => expect(markerNames()).toEqual(['Alpha Limos on the map', 'Bravo Cars on the map']));
  });
});
