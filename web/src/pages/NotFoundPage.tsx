import { Heading, Stack, Text } from '@chakra-ui/react';
import { LinkButton } from '../components/LinkButton';

/** Any other path (§2): "404 Page Not Found". */
export default function NotFoundPage() {
  return (
    <Stack maxW="xl" mx="auto" px="4" py="24" gap="4" align="center" textAlign="center">
      <Heading as="h1" size="3xl">
        404 Page Not Found
      </Heading>
      <Text color="gray.700">The page you are looking for does not exist or has moved.</Text>
      <LinkButton to="/" colorPalette="brand">
        Back to Home
      </LinkButton>
    </Stack>
  );
}
