import { Card, Center, Heading, Icon, Text } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import { LinkButton } from './LinkButton';

/**
 * A page that cannot be shown as it is (signed out, no company yet, not the owner's): a title, why,
 * and the one link that helps. `signIn` shows the sign-in mark.
 */
export function Gate({
  title,
  text,
  action,
  to,
  signIn = true,
}: {
  title: string;
  text: string;
  action: string;
  to: string;
  signIn?: boolean;
}) {
  return (
    <Center px="4" py="20">
      <Card.Root maxW="md" textAlign="center" boxShadow="lg">
        <Card.Body alignItems="center" gap="4" py="10">
          {signIn && (
            <Icon asChild color="brand.fg">
              <LogIn aria-hidden="true" />
            </Icon>
          )}
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="gray.700">{text}</Text>
          <LinkButton to={to} colorPalette="brand">
            {action}
          </LinkButton>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
