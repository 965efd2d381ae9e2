import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locateVisitor } from './geolocation';
import { loadMapsConfig } from './mapsConfig';
import type { DetectedPlace } from './search';

const PLACE_KEY = ['visitor-place'] as const;

/**
 * The visitor's city (§2): one automatic attempt per visit, and `retry` for the
 * "Find Companies Near Me" button. `error` is the message of the latest failed attempt.
 */
export function useVisitorPlace() {
  const queryClient = useQueryClient();
  const mapsKey = () => loadMapsConfig(queryClient).then((c) => c.googleMapsApiKey);
  const auto = useQuery({
    queryKey: PLACE_KEY,
    queryFn: () => locateVisitor('auto', mapsKey),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const button = useMutation({
    mutationFn: () => locateVisitor('button', mapsKey),
    onSuccess: (place) => queryClient.setQueryData(PLACE_KEY, place),
  });
  const place = auto.data ?? null;
  const failure = button.isIdle ? auto.error : button.error;
  return {
    place,
    locating: auto.isFetching || button.isPending,
    error: place && !button.isError ? undefined : failure?.message,
    /** Locates again; `onFound` runs once the new place is known. */
    retry: (onFound?: (place: DetectedPlace) => void) => button.mutate(undefined, onFound ? { onSuccess: onFound } : undefined),
  };
}
