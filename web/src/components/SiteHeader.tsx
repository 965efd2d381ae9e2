import { Box, Button, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { CarFront, Menu as MenuIcon, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser, useLogout } from '../lib/session';
import { LinkButton } from './LinkButton';

const UserMenu = lazy(() => import('./UserMenu'));
const MobileMenu = lazy(() => import('./MobileMenu'));

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
  // undefined until the menu is first opened: its code is not loaded before.
  const [drawerOpen, setDrawerOpen] = useState<boolean>();
  const menuButton = useRef<HTMLButtonElement>(null);

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
              <LinkButton to="/login" variant="ghost" size="sm">
                Sign In
              </LinkButton>
              <LinkButton to="/list-business" colorPalette="brand" size="sm">
                List Your Business
              </LinkButton>
            </>
          )}
        </HStack>

        <IconButton
          ref={menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen === true}
          variant="ghost"
          display={{ base: 'inline-flex', lg: 'none' }}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </IconButton>
        {/* The drawer's code (dialog, focus trap) comes with the first tap on the menu button. */}
        {drawerOpen !== undefined && (
          <Suspense fallback={null}>
            <MobileMenu
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              returnFocusTo={() => menuButton.current}
              user={user}
              onLogout={() => logout.mutate()}
            />
          </Suspense>
        )}
      </Flex>
    </Box>
  );
}
