import { Box, type BoxProps } from '@chakra-ui/react';

/** The brand's navy gradient band at the top of a page, white text on it (its padding as the page wants). */
export function HeroBand(props: BoxProps) {
  return <Box bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.700" color="white" px={{ base: '4', md: '6' }} {...props} />;
}
