import { Breadcrumb, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { cityPath, pageMeta, SITE_NAME, type PageMeta } from '@limo/contracts';
import { Fragment, type ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useOrigin } from '../../lib/landing';
import { useDocumentMeta, useJsonLd } from '../../lib/meta';
import { pageItems } from '../../lib/search';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';

/** Home › State › City, as links (the BreadcrumbList of the structured data). */
export function Crumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <Breadcrumb.Root size="sm">
      <Breadcrumb.List>
        {items.map((item, i) => (
          <Fragment key={item.label}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {item.to ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/**
 * The city's pages as links (`?page=`), readable and followable without JavaScript: Previous, the
 * first, the last and those within 2 of the current one, Next.
 */
export function PageLinks({ state, city, page, pages }: { state: string; city: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  const link = (p: number, label: string, current = false) => (
    <Button key={label} asChild size="sm" variant={current ? 'solid' : 'outline'} colorPalette={current ? 'brand' : 'gray'}>
      <RouterLink
        to={cityPath(state, city, p)}
        aria-current={current ? 'page' : undefined}
        aria-label={/^\d+$/.test(label) ? `Page ${label}` : label}
      >
        {label}
      </RouterLink>
    </Button>
  );
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" wrap="wrap" gap="1" mt="8">
      {page > 1 && link(page - 1, 'Previous')}
      {pageItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          link(item, String(item), item === page)
        ) : (
          <Text key={item} px="2" color="gray.600" aria-hidden="true">
            …
          </Text>
        ),
      )}
      {page < pages && link(page + 1, 'Next')}
    </HStack>
  );
}

/** The not-found screen of a landing page (the gateway answers it with status 404). */
function LandingNotFound({ title, text, isError }: { title: string; text: string; isError?: boolean }) {
  return (
    <Stack maxW="2xl" mx="auto" px="4" py="20" gap="4" align="center" textAlign="center">
      <Heading as="h1" size="2xl">
        {isError ? 'Error Loading Page' : title}
      </Heading>
      <Text color="gray.700">{isError ? 'We could not load this page just now. Please try again.' : text}</Text>
      <LinkButton to="/" colorPalette="brand">
        Browse Companies
      </LinkButton>
    </Stack>
  );
}

/** What a landing page is about: `kind` ("City", "State") names it in the not-found screen. */
export interface LandingKind<T> {
  kind: 'City' | 'State';
  /** The loading screen's label. */
  loading: string;
  meta(data: T): PageMeta;
  jsonLd(data: T, origin: string): Record<string, unknown>;
}

/**
 * A landing page's head (its meta and JSON-LD, or "<kind> Not Found") and the screen it shows
 * instead of its data: not found for a URL no landing page has (`valid` false) or a place without
 * companies, the error screen, or loading. Null once `query` has the data.
 */
export function useLandingScreen<T>(
  query: { data: T | null | undefined; isPending: boolean; isError: boolean },
  valid: boolean,
  { kind, loading, meta, jsonLd }: LandingKind<T>,
): ReactElement | null {
  const { pathname } = useLocation();
  const origin = useOrigin();
  const { data, isPending, isError } = query;
  useDocumentMeta(
    data
      ? meta(data)
      : data === null || !valid
        ? { title: `${kind} Not Found | ${SITE_NAME}`, description: pageMeta(pathname).description }
        : undefined,
  );
  useJsonLd(data && origin ? jsonLd(data, origin) : undefined);

  if (!valid) return <LandingNotFound title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
  if (isPending) return <PageLoading label={loading} />;
  if (isError || !data)
    return (
      <LandingNotFound
        isError={isError}
        title={`${kind} Not Found`}
        text={`No limousine companies are listed in this ${kind.toLowerCase()}. Browse companies near you.`}
      />
    );
  return null;
}
