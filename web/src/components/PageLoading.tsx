import { Center, Spinner } from '@chakra-ui/react';

/** A page's large spinner while what it shows loads, named for screen readers ("Loading dashboard"). */
export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.600" aria-label={label} />
    </Center>
  );
}
