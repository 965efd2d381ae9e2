import { Button, DatePicker, Portal, parseDate, Text, useFieldContext } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-ui/react/theme';
import { CalendarDays } from 'lucide-react';
import { formatTripDate } from '@limo/contracts';
import { todayIso } from '../lib/forms';

/** The names the journeys and screen readers know these controls by (Zag's say "Switch to previous month", "Choose …"). */
const TRANSLATIONS = {
  prevTrigger: () => 'Go to previous month',
  nextTrigger: () => 'Go to next month',
  dayCell: ({ value }: { value: { day: number } }) => String(value.day),
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
 * A date picker in a popover (§2): Chakra's DatePicker, days before today disabled, and clicking the
 * chosen day again clears it. Arrow keys move between days, Page Up/Down between months.
 */
export function DatePopover({ id, value, onChange, onBlur, invalid }: DatePopoverProps) {
  // The field's label and the button's own text name it (rather than the picker's own "Open
  // calendar"): its visible text is then part of its name, as WCAG 2.5.3 asks.
  const labelId = useFieldContext()?.ids.label;
  const textId = `${id}-text`;
  return (
    <DatePicker.Root
      // Its styles come with it (this lazily loaded form), not in the theme every page downloads.
      recipe={datePickerSlotRecipe}
      ids={{ trigger: id }}
      locale="en-US"
      value={value ? [parseDate(value)] : []}
      onValueChange={(e) => {
        const [picked] = e.value;
        if (picked) onChange(picked.toString());
      }}
      min={parseDate(todayIso())}
      translations={TRANSLATIONS}
      positioning={{ placement: 'bottom-start' }}
      onOpenChange={(e) => {
        if (!e.open) onBlur?.();
      }}
      invalid={invalid}
      colorPalette="brand"
    >
      <DatePicker.Control width="full">
        <DatePicker.Trigger asChild unstyled>
          <Button
            aria-labelledby={labelId ? `${labelId} ${textId}` : textId}
            variant="outline"
            justifyContent="flex-start"
            fontWeight="normal"
            width="full"
            borderColor={invalid ? 'border.error' : undefined}
            color={value ? 'gray.900' : 'gray.600'}
          >
            <CalendarDays aria-hidden="true" />
            <span id={textId}>{value ? formatTripDate(value) : 'Pick a date'}</span>
          </Button>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.Context>
                {(picker) => (
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
                          {week.map((day) => (
                            <DatePicker.TableCell key={day.toString()} value={day}>
                              {/* Only this month's days, so each day's button has a name of its own. */}
                              {!picker.getDayTableCellState({ value: day }).outsideRange && (
                                <DatePicker.TableCellTrigger
                                  title={formatTripDate(day.toString())}
                                  onClick={(e) => {
                                    if (day.toString() !== value) return;
                                    // Before the picker's own handler, which then leaves the click alone.
                                    e.preventDefault();
                                    onChange('');
                                  }}
                                >
                                  {day.day}
                                </DatePicker.TableCellTrigger>
                              )}
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                )}
              </DatePicker.Context>
              {value && (
                <Text fontSize="xs" color="gray.600" mt="2">
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
