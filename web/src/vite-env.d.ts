/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google Maps key with the Places and Geocoding APIs; without it the offline gazetteer suggests places. */
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
}
