import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One entry of a description list (`<dl>`): the term in muted text, then its value in bold. */
export function TermValue({ term, value, termColor = 'gray.700' }: { term: ReactNode; value: ReactNode; termColor?: string }) {
  return (
    <>
      <Text as="dt" color={termColor}>
        {term}
      </Text>
      <Text as="dd" fontWeight="semibold">
        {value}
      </Text>
    </>
  );
}
