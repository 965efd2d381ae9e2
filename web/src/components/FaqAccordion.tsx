import { Accordion, Text } from '@chakra-ui/react';

export interface FaqItem {
  q: string;
  a: string;
}

/** Questions that open to their answers, several at a time. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root collapsible multiple variant="enclosed">
      {items.map((f) => (
        <Accordion.Item key={f.q} value={f.q}>
          <Accordion.ItemTrigger>
            <Text flex="1" fontWeight="medium">
              {f.q}
            </Text>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody color="gray.700">{f.a}</Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
