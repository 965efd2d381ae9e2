import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ColumnsTableProps extends Table.RootProps {
  /** The column headers, in order. */
  columns: readonly string[];
  /** No rounded border around the scrolling area (a table inside a bordered item). */
  bare?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A small table that scrolls on its own: its column headers over its rows (`children`). */
export function ColumnsTable({ columns, bare = false, children, ...root }: ColumnsTableProps) {
  return (
    <Table.ScrollArea {...(bare ? {} : { borderWidth: '1px', rounded: 'md' })}>
      <Table.Root size="sm" {...root}>
        <Table.Header>
          <Table.Row>
            {columns.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
