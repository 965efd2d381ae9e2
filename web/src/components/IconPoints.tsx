import { Card, Heading, Icon, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';

/** One point of a grid: its icon, its title and a line of text (which may hold a link). */
export interface IconPoint {
  icon: ComponentType<{ color?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: ReactNode;
}

export interface IconPointsProps<T extends IconPoint> extends Omit<SimpleGridProps, 'children'> {
  items: readonly T[];
  /** Each title as a heading of this level; bold text (with smaller text under it) without one. */
  heading?: 'h2' | 'h3';
  /** Each point on a card of its own. */
  cards?: boolean;
  /** What follows a point's text (a link on). */
  more?(item: T): ReactNode;
}

/** Short points in a grid, each under its brand-coloured icon (reasons to choose, what a listing gets). */
export function IconPoints<T extends IconPoint>({ items, heading, cards, more, ...grid }: IconPointsProps<T>) {
  const content = (p: T) => (
    <>
      <Icon asChild color="brand.fg">
        <p.icon aria-hidden="true" />
      </Icon>
      {heading ? (
        <Heading as={heading} size="md">
          {p.title}
        </Heading>
      ) : (
        <Text fontWeight="semibold">{p.title}</Text>
      )}
      <Text fontSize={heading ? undefined : 'sm'} color="gray.700">
        {p.text}
      </Text>
      {more?.(p)}
    </>
  );
  return (
    <SimpleGrid gap="6" {...grid}>
      {items.map((p) =>
        cards ? (
          <Card.Root key={p.title}>
            <Card.Body gap="3">{content(p)}</Card.Body>
          </Card.Root>
        ) : (
          <Stack key={p.title} gap="2">
            {content(p)}
          </Stack>
        ),
      )}
    </SimpleGrid>
  );
}
