import { Button, DatePicker, Portal, Text, parseDate, type DateValue } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-ui/react/theme';
import { CalendarDays } from 'lucide-react';
import { useRef } from 'react';
import { todayIso } from '../lib/forms';

const longDate = (d: DateValue) =>
  new Date(d.year, d.month - 1, d.day).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** The names the journeys and screen readers know the calendar's controls by (a day is its number; its date is its title). */
const TRANSLATIONS = {
  // No name of its own: the field's label names the trigger (Chakra's "Open calendar" would hide it).
  trigger: () => '',
  prevTrigger: () => 'Go to previous month',
  nextTrigger: () => 'Go to next month',
  dayCell: (state: { value: DateValue }) => String(state.value.day),
};

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
 * A date picker in a popover (§2), Chakra's DatePicker: days before today are disabled, clicking the
 * chosen day again clears it. Arrow keys move between days, Page Up/Down between months. Its recipe is
 * given here rather than in the theme, so the one form that has a calendar carries its styles.
 */
export function DatePopover({ id, value, onChange, onBlur, invalid }: DatePopoverProps) {
  const today = todayIso();
  const cleared = useRef<string | null>(null);
  return (
    <DatePicker.Root
      recipe={datePickerSlotRecipe}
      // The trigger keeps the id the field's label points at (Chakra finds its parts by their ids).
      ids={{ trigger: id }}
      value={value ? [parseDate(value)] : []}
      onValueChange={(e) => {
        const chosen = e.value[0]?.toString() ?? '';
        if (chosen === cleared.current) return;
        onChange(chosen);
      }}
      onOpenChange={(e) => {
        if (!e.open) onBlur?.();
      }}
      min={parseDate(today)}
      minView="day"
      maxView="day"
      locale="en-US"
      translations={TRANSLATIONS}
      positioning={{ placement: 'bottom-start' }}
      width="full"
    >
      <DatePicker.Control>
        <DatePicker.Trigger asChild unstyled>
          <Button
            variant="outline"
            justifyContent="flex-start"
            fontWeight="normal"
            width="full"
            aria-invalid={invalid || undefined}
            borderColor={invalid ? 'border.error' : undefined}
            color={value ? 'fg' : 'fg.muted'}
          >
            <CalendarDays aria-hidden="true" />
            {value ? longDate(parseDate(value)) : 'Pick a date'}
          </Button>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Context>
                {(picker) => (
                  <>
                    <DatePicker.ViewControl>
                      <DatePicker.PrevTrigger />
                      <DatePicker.RangeText aria-live="polite" fontWeight="semibold" textAlign="center" flex="1" />
                      <DatePicker.NextTrigger />
                    </DatePicker.ViewControl>
                    <DatePicker.Table>
                      <DatePicker.TableHead>
                        <DatePicker.TableRow>
                          {picker.weekDays.map((day) => (
                            <DatePicker.TableHeader key={day.long} aria-label={day.long}>
                              {day.short.slice(0, 2)}
                            </DatePicker.TableHeader>
                          ))}
                        </DatePicker.TableRow>
                      </DatePicker.TableHead>
                      <DatePicker.TableBody>
                        {picker.weeks.map((week) => (
                          <DatePicker.TableRow key={week[0].toString()}>
                            {week.map((day) =>
                              day.month === picker.focusedValue.month ? (
                                <DatePicker.TableCell key={day.toString()} value={day}>
                                  <DatePicker.TableCellTrigger
                                    asChild
                                    title={longDate(day)}
                                    onClick={() => {
                                      // A second click on the chosen day clears it (Chakra would choose it again).
                                      cleared.current = day.toString() === value ? value : null;
                                      if (cleared.current) onChange('');
                                    }}
                                  >
                                    <Button variant="ghost" size="sm" disabled={day.toString() < today}>
                                      {day.day}
                                    </Button>
                                  </DatePicker.TableCellTrigger>
                                </DatePicker.TableCell>
                              ) : (
                                <td key={day.toString()} />
                              ),
                            )}
                          </DatePicker.TableRow>
                        ))}
                      </DatePicker.TableBody>
                    </DatePicker.Table>
                  </>
                )}
              </DatePicker.Context>
              {value && (
                <Text fontSize="xs" color="fg.muted">
                  Click the selected date again to clear it.
                </Text>
              )}
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
