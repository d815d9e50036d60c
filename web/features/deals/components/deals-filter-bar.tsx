import { ActionIcon, Group, Popover, Select, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { dealActivityTypes } from '../../../../domain/deal/schemas';
import { useOrganisationName, useOrganisationOptions, useUserSummary, useProviderOptions, type Option } from '../api/filter-options';
import { dateRangePresetLabels, dateRangePresets, dateRangeProblem, earliestDealsDay, formatDateRangeText, parseDateRangeText, presetRange } from '../date-range';
import type { DealFilter, DealViewer } from '../deal-filters';
import { activityLabel } from '../../../../domain/deal/figures';

type Props = {
  viewer: DealViewer;
  filter: DealFilter;
  today: string;
  onApply: (filter: DealFilter) => void;
  /** False while the date range typed is not usable: the deals do not load (spec 1 §5). */
  onValidChange: (valid: boolean) => void;
};

const presetOptions = ([...dateRangePresets, 'custom'] as const).map((value) => ({ value, label: dateRangePresetLabels[value] }));
const activityOptions = dealActivityTypes.map((value) => ({ value, label: activityLabel(value) }));

/**
 * The deals filter form (spec 1 §2, §5, §9): a date range (presets or custom, typed as 'DD/MM/YYYY - DD/MM/YYYY' or
 * picked between 01/01/2016 and today), the activity type, and for admins the provider and the organisation.
 * Valid changes apply at once; an invalid range stays in the field with its message and holds the loading.
 */
export function DealsFilterBar({ viewer, filter, today, onApply, onValidChange }: Props) {
  const [text, setText] = useState(formatDateRangeText(filter.range));
  const [error, setError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [picked, setPicked] = useState<[string | null, string | null]>([filter.range.from, filter.range.to]);

  // The URL changed from elsewhere (back, a link): show its days unless the text already reads them.
  const { from, to } = filter.range;
  useEffect(() => {
    setText((current) => {
      const parsed = parseDateRangeText(current);
      return parsed.ok && parsed.range.from === from && parsed.range.to === to ? current : formatDateRangeText({ from, to });
    });
    setPicked([from, to]);
  }, [from, to]);

  function showValid(valid: boolean, message: string | null) {
    setError(message);
    onValidChange(valid);
  }

  function applyRange(from: string, to: string) {
    setText(formatDateRangeText({ from, to }));
    showValid(true, null);
    onApply({ ...filter, preset: 'custom', range: { from, to } });
  }

  function choosePreset(value: string | null) {
    const preset = dateRangePresets.find((candidate) => candidate === value);
    if (!preset) {
      // Custom keeps the days shown and lets the user change them.
      onApply({ ...filter, preset: 'custom' });
      return;
    }
    const range = presetRange(preset, today);
    setText(formatDateRangeText(range));
    setPicked([range.from, range.to]);
    showValid(true, null);
    onApply({ ...filter, preset, range });
  }

  function typeRange(value: string) {
    setText(value);
    const parsed = parseDateRangeText(value);
    if (!parsed.ok) return showValid(false, parsed.message);
    const problem = dateRangeProblem(parsed.range, today);
    if (problem) return showValid(false, problem);
    setPicked([parsed.range.from, parsed.range.to]);
    applyRange(parsed.range.from, parsed.range.to);
  }

  function pickRange([from, to]: [string | null, string | null]) {
    setPicked([from, to]);
    if (from && to) {
      setPickerOpen(false);
      applyRange(from, to);
    }
  }

  return (
    <Group p="md" gap="md" align="flex-start" wrap="wrap">
      <Select label="Date range" data={presetOptions} value={filter.preset} onChange={choosePreset} allowDeselect={false} w={170} />
      <TextInput
        label="Activity dates"
        aria-label="Activity dates"
        placeholder="DD/MM/YYYY - DD/MM/YYYY"
        value={text}
        error={error}
        w={260}
        onChange={(event) => typeRange(event.currentTarget.value)}
        rightSection={
          <Popover opened={pickerOpen} onChange={setPickerOpen} position="bottom-end" shadow="md">
            <Popover.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Pick the dates" onClick={() => setPickerOpen((open) => !open)}>
                <IconCalendar size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatePicker type="range" value={picked} onChange={pickRange} minDate={earliestDealsDay} maxDate={today} defaultDate={filter.range.to} />
            </Popover.Dropdown>
          </Popover>
        }
      />
      <Select
        label="Activity"
        placeholder="Any activity"
        data={activityOptions}
        clearable
        w={200}
        value={filter.activity_type}
        onChange={(value) => onApply({ ...filter, activity_type: dealActivityTypes.find((type) => type === value) ?? null })}
      />
      {viewer === 'admin' && (
        <>
          <ProviderFilter value={filter.provider} onChange={(provider) => onApply({ ...filter, provider })} />
          <OrganisationFilter value={filter.organisation} onChange={(organisation) => onApply({ ...filter, organisation })} />
        </>
      )}
    </Group>
  );
}

/** The options found, with the chosen one kept in even when the search does not list it. */
const withChosen = (options: Option[] | undefined, chosen: Option | null): Option[] =>
  chosen && !(options ?? []).some((option) => option.value === chosen.value) ? [chosen, ...(options ?? [])] : (options ?? []);

function ProviderFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const options = useProviderOptions(search);
  const chosen = useUserSummary(value);
  return (
    <Select
      label="Provider"
      placeholder="Any provider"
      searchable
      clearable
      w={220}
      data={withChosen(options.data, value && chosen.data ? { value, label: chosen.data.name } : null)}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No provider found'}
    />
  );
}

function OrganisationFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const options = useOrganisationOptions(search);
  const chosen = useOrganisationName(value);
  return (
    <Select
      label="Organisation"
      placeholder="Any organisation"
      searchable
      clearable
      w={220}
      data={withChosen(options.data, value && chosen.data ? { value, label: chosen.data } : null)}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No organisation found'}
    />
  );
}
