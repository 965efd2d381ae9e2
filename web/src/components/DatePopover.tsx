import { Box, Button, Flex, IconButton, Popover, Portal, Text } from '@chakra-ui/react';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { todayIso } from '../lib/forms';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const iso = (d: Date) => todayIso(d);
const fromIso = (value: string) => new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const longDate = (d: Date) => d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

export interface DatePopoverProps {
  /** Control id, so the field's label names the button. */
  id: string;
  /** yyyy-MM-dd, or '' for none. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  invalid?: boolean;
}

/**
 * A date picker in a popover (§2): days before today are disabled, clicking the chosen day again
 * clears it. Arrow keys move between days, Page Up/Down between months.
 */
export function DatePopover({ id, value, onChange, onBlur, invalid }: DatePopoverProps) {
  const today = todayIso();
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(() => fromIso(value || today));
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (open) setFocused(fromIso(value && value >= today ? value : today));
  }, [open, value, today]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${iso(focused)}"]`)?.focus();
  }, [focused]);

  const monthStart = new Date(focused.getFullYear(), focused.getMonth(), 1);
  const daysInMonth = new Date(focused.getFullYear(), focused.getMonth() + 1, 0).getDate();
  const canGoBack = iso(monthStart) > `${today.slice(0, 8)}01`;
  const cells: Array<Date | null> = [...Array<null>(monthStart.getDay()).fill(null)];
  for (let day = 1; day <= daysInMonth; day++) cells.push(new Date(focused.getFullYear(), focused.getMonth(), day));
  while (cells.length % 7) cells.push(null);

  const moveTo = (d: Date) => {
    const target = iso(d) < today ? fromIso(today) : d;
    moved.current = true;
    setFocused(target);
  };
  const shiftMonth = (n: number) => {
    const d = new Date(focused.getFullYear(), focused.getMonth() + n, 1);
    setFocused(iso(d) < today ? fromIso(today) : d);
  };
  const choose = (d: Date) => {
    const chosen = iso(d);
    if (chosen === value) {
      onChange('');
      return;
    }
    onChange(chosen);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in steps) {
      e.preventDefault();
      moveTo(addDays(focused, steps[e.key]));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      moveTo(new Date(focused.getFullYear(), focused.getMonth() + (e.key === 'PageUp' ? -1 : 1), focused.getDate()));
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-start' }}
      onExitComplete={onBlur}
      initialFocusEl={() => grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]:not(:disabled)') ?? null}
    >
      <Popover.Trigger asChild>
        <Button
          id={id}
          variant="outline"
          justifyContent="flex-start"
          fontWeight="normal"
          width="full"
          borderColor={invalid ? 'border.error' : undefined}
          color={value ? 'gray.900' : 'gray.600'}
        >
          <CalendarDays aria-hidden="true" />
          {value ? longDate(fromIso(value)) : 'Pick a date'}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="auto" aria-labelledby={`${id}-caption`}>
            <Popover.Body p="3">
              <Flex justify="space-between" align="center" mb="2">
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label="Go to previous month"
                  disabled={!canGoBack}
                  onClick={() => shiftMonth(-1)}
                >
                  <ChevronLeft />
                </IconButton>
                <Text fontWeight="semibold" aria-live="polite" id={`${id}-caption`}>
                  {focused.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}
                </Text>
                <IconButton size="xs" variant="ghost" aria-label="Go to next month" onClick={() => shiftMonth(1)}>
                  <ChevronRight />
                </IconButton>
              </Flex>
              <Box ref={grid} role="grid" aria-labelledby={`${id}-caption`} onKeyDown={onKeyDown}>
                <Box role="row" display="grid" gridTemplateColumns="repeat(7, 2.25rem)" gap="1">
                  {WEEKDAYS.map(([short, long]) => (
                    <Text role="columnheader" key={short} aria-label={long} fontSize="xs" color="gray.600" textAlign="center" py="1">
                      {short}
                    </Text>
                  ))}
                </Box>
                {Array.from({ length: cells.length / 7 }, (_, week) => (
                  <Box role="row" key={week} display="grid" gridTemplateColumns="repeat(7, 2.25rem)" gap="1" mt="1">
                    {cells.slice(week * 7, week * 7 + 7).map((d, i) =>
                      d ? (
                        <Box role="gridcell" key={i} aria-selected={iso(d) === value}>
                          <Button
                            size="sm"
                            width="2.25rem"
                            height="2.25rem"
                            minW="0"
                            p="0"
                            data-date={iso(d)}
                            title={longDate(d)}
                            tabIndex={iso(d) === iso(focused) ? 0 : -1}
                            disabled={iso(d) < today}
                            variant={iso(d) === value ? 'solid' : 'ghost'}
                            colorPalette={iso(d) === value ? 'brand' : 'gray'}
                            fontWeight={iso(d) === today ? 'bold' : 'normal'}
                            textDecoration={iso(d) === today ? 'underline' : undefined}
                            onClick={() => choose(d)}
                          >
                            {d.getDate()}
                          </Button>
                        </Box>
                      ) : (
                        <Box role="gridcell" key={i} />
                      ),
                    )}
                  </Box>
                ))}
              </Box>
              {value && (
                <Text fontSize="xs" color="gray.600" mt="2">
                  Click the selected date again to clear it.
                </Text>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
