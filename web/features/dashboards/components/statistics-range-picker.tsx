import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { type DayRange, rangePresets, statisticsMinDay } from '../../../../domain/statistics/range';
import { dateFormat, formatDate } from '../../../lib/format';

type Props = { value: DayRange; today: string; onChange: (range: DayRange) => void };

/**
 * spec 1 §2: presets This Month, Last 7 Days, Last 30 Days, All Time (10 years) and a custom range; DD/MM/YYYY;
 * 01/01/2017 to today. The presets are buttons beside the picker and also sit in its dropdown.
 */
export function StatisticsRangePicker({ value, today, onChange }: Props) {
  const presets = rangePresets(today);
  // While a custom range is being picked (first day chosen), the figures stay on the last complete range.
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const shown = picking ?? [value.from, value.to];
  // The name holds the days the button shows (WCAG's label in name), as the picker writes them.
  const name = `Date range ${shown.map((day) => (day ? formatDate(day) : '')).join(' – ')}`.trim();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Button.Group>
        {presets.map((preset) => {
          const active = preset.range.from === value.from && preset.range.to === value.to;
          return (
            <Button key={preset.label} size="xs" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => onChange(preset.range)}>
              {preset.label}
            </Button>
          );
        })}
      </Button.Group>
      <DatePickerInput
        type="range"
        size="xs"
        w={230}
        aria-label={name}
        leftSection={<IconCalendar size={14} aria-hidden />}
        valueFormat={dateFormat}
        minDate={statisticsMinDay}
        maxDate={today}
        allowSingleDateInRange
        presets={presets.map((preset) => ({ label: preset.label, value: [preset.range.from, preset.range.to] as [string, string] }))}
        value={shown}
        onChange={([from, to]) => {
          if (from && to) {
            setPicking(null);
            onChange({ from, to });
          } else setPicking([from, to]);
        }}
        onDropdownClose={() => setPicking(null)}
      />
    </Group>
  );
}
