import type { Libraries } from '@react-google-maps/api';

/** One loader for the whole app: every `useJsApiLoader` must ask with the same id and libraries. */
export const GOOGLE_LOADER = { id: 'limo-google-maps', libraries: ['places'] satisfies Libraries as Libraries } as const;
