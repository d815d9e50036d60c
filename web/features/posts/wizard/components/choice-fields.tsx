import { Group, Radio, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

type ChoiceProps<V extends string> = {
  label: ReactNode;
  description?: ReactNode;
  options: readonly { value: V; label: string }[];
  value?: V | null;
  onChange: (value: V) => void;
  error?: ReactNode;
  /** Options side by side on wide screens (short labels), else one per line. */
  columns?: number;
};

/** One of a few choices as radio buttons: every option is visible, and a label names each (spec values in words). */
export function ChoiceField<V extends string>({ label, description, options, value, onChange, error, columns = 2 }: ChoiceProps<V>) {
  return (
    <Radio.Group label={label} description={description} value={value ?? null} onChange={(v) => onChange(v as V)} error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="xs" mt="xs">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

type YesNoProps = { label: ReactNode; description?: ReactNode; value?: boolean | null; onChange: (value: boolean) => void; error?: ReactNode };

/** A yes-or-no question; no answer yet is neither. */
export function YesNoField({ label, description, value, onChange, error }: YesNoProps) {
  return (
    <Radio.Group label={label} description={description} value={value == null ? null : value ? 'yes' : 'no'} onChange={(v) => onChange(v === 'yes')} error={error} withAsterisk>
      <Group gap="xl" mt="xs">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}
