import { Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CurrentUser } from '@limo/contracts';
import { dashboardLinkOf } from './dashboardLink';
import { TOP_LINKS } from './SiteHeader';

/** The header's drawer on small screens: the top links and the sign-in actions or the account's. */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
  user,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
  user: CurrentUser | null;
  onLogout: () => void;
}) {
  const close = () => onOpenChange(false);
  const dashboard = user && dashboardLinkOf(user.role);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} finalFocusEl={returnFocusTo} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="1">
                {TOP_LINKS.map((l) => (
                  <Button key={l.to} asChild variant="ghost" justifyContent="flex-start">
                    <RouterLink to={l.to} onClick={close}>
                      {l.label}
                    </RouterLink>
                  </Button>
                ))}
              </Stack>
              <Stack mt="6" pt="6" borderTopWidth="1px" gap="2">
                {user ? (
                  <>
                    <Text fontSize="sm" color="gray.600">
                      Signed in as <strong>{user.username}</strong>
                    </Text>
                    {dashboard && (
                      <Button asChild variant="outline" justifyContent="flex-start">
                        <RouterLink to={dashboard.to} onClick={close}>
                          <dashboard.icon aria-hidden="true" /> {dashboard.label}
                        </RouterLink>
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      justifyContent="flex-start"
                      onClick={() => {
                        close();
                        onLogout();
                      }}
                    >
                      <LogOut aria-hidden="true" /> Logout
                    </Button>
                  </>
                ) : (
                  <>
                    <Button asChild variant="outline">
                      <RouterLink to="/login" onClick={close}>
                        Sign In
                      </RouterLink>
                    </Button>
                    <Button asChild colorPalette="brand">
                      <RouterLink to="/list-business" onClick={close}>
                        List Your Business
                      </RouterLink>
                    </Button>
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
