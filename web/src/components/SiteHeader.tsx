import { Box, Button, CloseButton, Drawer, Flex, HStack, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { CarFront, LayoutDashboard, LogOut, Menu as MenuIcon, ShieldCheck, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser, useLogout } from '../lib/session';

const UserMenu = lazy(() => import('./UserMenu'));

/** Top links of §2's header. */
export const TOP_LINKS = [
  { to: '/', label: 'Browse Companies' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/subscribe', label: 'For Businesses' },
  { to: '/support', label: 'Support' },
] as const;

/** The brand wordmark, linking home. */
export function Wordmark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link
      asChild
      fontWeight="bold"
      fontSize="xl"
      color={inverted ? 'white' : 'brand.800'}
      _hover={{ textDecoration: 'none' }}
      aria-label="LimoDirectory home"
    >
      <RouterLink to="/">
        <CarFront aria-hidden="true" />
        <span>
          Limo
          <Box as="span" color={inverted ? 'gold.300' : 'gold.700'}>
            Directory
          </Box>
        </span>
      </RouterLink>
    </Link>
  );
}

/** Sticky site header (§2): wordmark, top links, sign-in actions or the user menu, and a drawer on small screens. */
export function SiteHeader() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const close = () => setDrawerOpen(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" borderBottomWidth="1px" boxShadow="xs">
      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" justify="space-between" gap="4">
        <Wordmark />
        <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', lg: 'flex' }}>
          {TOP_LINKS.map((l) => (
            <Link
              key={l.to}
              asChild
              px="3"
              py="2"
              rounded="md"
              fontWeight="medium"
              color="gray.700"
              _hover={{ bg: 'gray.100', textDecoration: 'none' }}
              css={{ '&[aria-current=page]': { color: 'brand.700', bg: 'brand.50' } }}
            >
              <NavLink to={l.to} end>
                {l.label}
              </NavLink>
            </Link>
          ))}
        </HStack>
        <HStack gap="2" display={{ base: 'none', lg: 'flex' }}>
          {user ? (
            // The menu's code (positioning, menu state) comes only for signed-in visitors.
            <Suspense
              fallback={
                <Button variant="outline" size="sm" disabled>
                  <UserRound aria-hidden="true" />
                  {user.username}
                </Button>
              }
            >
              <UserMenu user={user} onNavigate={(to) => navigate(to)} onLogout={() => logout.mutate()} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/login">Sign In</RouterLink>
              </Button>
              <Button asChild colorPalette="brand" size="sm">
                <RouterLink to="/list-business">List Your Business</RouterLink>
              </Button>
            </>
          )}
        </HStack>

        <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="end" size="xs">
          <Drawer.Trigger asChild>
            <IconButton aria-label="Open menu" variant="ghost" display={{ base: 'inline-flex', lg: 'none' }}>
              <MenuIcon />
            </IconButton>
          </Drawer.Trigger>
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
                        {user.role === 'admin' && (
                          <Button asChild variant="outline" justifyContent="flex-start">
                            <RouterLink to="/admin" onClick={close}>
                              <ShieldCheck aria-hidden="true" /> Admin Dashboard
                            </RouterLink>
                          </Button>
                        )}
                        {user.role === 'business' && (
                          <Button asChild variant="outline" justifyContent="flex-start">
                            <RouterLink to="/dashboard" onClick={close}>
                              <LayoutDashboard aria-hidden="true" /> My Dashboard
                            </RouterLink>
                          </Button>
                        )}
                        <Button
                          variant="outline"
                          justifyContent="flex-start"
                          onClick={() => {
                            close();
                            logout.mutate();
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
      </Flex>
    </Box>
  );
}
