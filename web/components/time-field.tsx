import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A time of day typed as HH:mm, 24-hour (spec 1 §9), the one time format of the product. A native time input shows
 * the browser's form instead (12-hour with am/pm in an en-AU browser), so a plain text field it is; the form's schema
 * checks the value.
 */
export function TimeField({ value, onChange, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string | null; onChange: (value: string | null) => void }) {
  return (
    <TextInput
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value.trim().slice(0, 5) || null)}
      placeholder={props.placeholder ?? 'HH:mm'}
      description={props.description ?? '24-hour, for example 17:30'}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
    />
  );
}
