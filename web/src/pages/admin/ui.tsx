import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
  Textarea,
  type ButtonProps,
} from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { ColumnsTable } from '../../components/ColumnsTable';
import { useState, type ReactNode } from 'react';
import { DialogContent, DialogFooter } from '../../components/DialogContent';

/** A titled card around one list or panel of a tab. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Box>
            <Heading as="h2" size="lg">
              {title}
            </Heading>
            {description && (
              <Text color="gray.700" fontSize="sm" mt="1">
                {description}
              </Text>
            )}
          </Box>
          {actions && (
            <HStack gap="2" wrap="wrap">
              {actions}
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Loading, failure or the content of a query. */
export function QueryState({ isLoading, error, children }: { isLoading: boolean; error: Error | null; children: ReactNode }) {
  if (isLoading) {
    return (
      <Center py="10">
        <Spinner color="brand.600" aria-label="Loading" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{error.message}</Alert.Title>
      </Alert.Root>
    );
  }
  return <>{children}</>;
}

/** The line shown instead of an empty list. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text color="gray.700" py="6" textAlign="center">
      {children}
    </Text>
  );
}

/** Loading, failure, the `empty` line when a query's list has nothing, else the list (`children`, given the items). */
export function ListState<T>({
  isLoading,
  error,
  items,
  empty,
  children,
}: {
  isLoading: boolean;
  error: Error | null;
  items: readonly T[] | undefined;
  empty: ReactNode;
  children(items: readonly T[]): ReactNode;
}) {
  return (
    <QueryState isLoading={isLoading} error={error}>
      {items?.length ? children(items) : <Empty>{empty}</Empty>}
    </QueryState>
  );
}

/** A tab's table: its column headers over its rows (`children`), each row's cells stacked on a phone. */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <ColumnsTable columns={columns} striped css={stackOnMobile}>
      {children}
    </ColumnsTable>
  );
}

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The question, e.g. "Delete this review?". */
  title: string;
  /** What happens, said plainly. */
  description?: ReactNode;
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string;
  /** Asks for a reason first (required): its field's label and the message when it is left empty. */
  reason?: { label: string; missing: string };
  /** Called with the reason given (trimmed), or '' when none is asked. */
  onConfirm(reason: string): void;
}

/** A button for a destructive action that asks first (§2.9: confirmations for destructive actions). */
export function ConfirmButton({ title, description, confirmLabel, reason, onConfirm, children, ...button }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason !== undefined && text.trim() === '';
  return (
    <Dialog.Root role={reason ? 'dialog' : 'alertdialog'} open={open} onOpenChange={(e) => setOpen(e.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button {...button}>{children}</Button>
      </Dialog.Trigger>
      <DialogContent mx="4">
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="2">
            {description !== undefined && <Dialog.Description>{description}</Dialog.Description>}
            {reason && (
              <Field.Root required invalid={touched && missing}>
                <Field.Label>{reason.label}</Field.Label>
                <Textarea value={text} onChange={(e) => setText(e.target.value)} onBlur={() => setTouched(true)} rows={3} />
                <Field.ErrorText>{reason.missing}</Field.ErrorText>
              </Field.Root>
            )}
          </Stack>
        </Dialog.Body>
        <DialogFooter>
          <Button
            colorPalette="red"
            onClick={() => {
              setTouched(true);
              if (missing) return;
              setOpen(false);
              onConfirm(text.trim());
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog.Root>
  );
}

/** Table styles that stack each row's cells below 768 px, so a phone needs no sideways scrolling. */
export const stackOnMobile = {
  '@media screen and (max-width: 767px)': {
    display: 'block',
    '& tbody': { display: 'block' },
    '& thead': { display: 'none' },
    '& tr': { display: 'block', borderBottomWidth: '1px', paddingBlock: '2' },
    '& td': { display: 'block', borderBottomWidth: '0', paddingBlock: '1', minWidth: '0' },
    '& td[data-label]::before': { content: 'attr(data-label) ": "', fontWeight: 'semibold', color: 'gray.700' },
  },
} as const;

/** A list's search field with its magnifier (typing filters the list; the caller debounces). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(text: string): void;
}) {
  return (
    <InputGroup startElement={<Search size="16" aria-hidden="true" />}>
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </InputGroup>
  );
}
