import { List } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';

export interface CheckListProps extends Omit<List.RootProps, 'children'> {
  items: readonly string[];
  /** The check's size in pixels (lucide's 24 by default). */
  iconSize?: number;
  /** `start` for items that wrap onto several lines: the check stays by the first. */
  itemAlign?: 'center' | 'start';
}

/** A plain list with a green check before each item (what a plan or listing includes). */
export function CheckList({ items, iconSize, itemAlign = 'center', ...list }: CheckListProps) {
  return (
    <List.Root gap="2" variant="plain" {...list}>
      {items.map((item) => (
        <List.Item key={item} alignItems={itemAlign}>
          <List.Indicator asChild color="green.600" mt={itemAlign === 'start' ? '1' : undefined}>
            <CheckCircle2 size={iconSize} aria-hidden="true" />
          </List.Indicator>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
