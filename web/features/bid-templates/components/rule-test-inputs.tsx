import { Group, MultiSelect, NumberInput } from '@mantine/core';
import { ruleFieldByName } from '../../../../domain/bid-template/rule-fields';
import type { NumberValue, TestValues } from '../rule-values';

type Props = {
  values: TestValues;
  errors: Partial<Record<'min' | 'max' | 'choices', string>>;
  onChange: (changes: Partial<TestValues>) => void;
  readOnly?: boolean;
};

const money = { prefix: '$', thousandSeparator: ',', decimalScale: 0, allowNegative: false } as const;
const percent = { suffix: '%', decimalScale: 2, allowNegative: false } as const;
const asNumber = (value: string | number): NumberValue => (typeof value === 'number' ? value : '');

/**
 * The inputs of one rule test (spec 3 §3, §5): a range from/to within the field's bounds (currency or percentage,
 * two decimals at most) or a list of choices, none meaning any.
 */
export function RuleTestInputs({ values, errors, onChange, readOnly = false }: Props) {
  const field = ruleFieldByName.get(values.rule_field);
  if (!field) return null;
  if (field.field_type === 'multiple_choice') {
    return (
      <MultiSelect
        aria-label={`${field.label} choices`}
        placeholder={values.choices.length === 0 ? 'Any' : undefined}
        data={field.options.map((option) => ({ value: option.value, label: option.label }))}
        value={values.choices}
        onChange={(choices) => onChange({ choices })}
        error={errors.choices}
        readOnly={readOnly}
        clearable={!readOnly}
        style={{ flex: 1 }}
      />
    );
  }
  const kind = field.field_type === 'currency' ? money : percent;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1 }}>
      <NumberInput
        aria-label={`${field.label} from`}
        placeholder="From"
        {...kind}
        min={field.min}
        max={field.max}
        value={values.min}
        onChange={(value) => onChange({ min: asNumber(value) })}
        error={errors.min}
        readOnly={readOnly}
        style={{ flex: 1 }}
      />
      <NumberInput
        aria-label={`${field.label} to`}
        placeholder="To"
        {...kind}
        min={field.min}
        max={field.max}
        value={values.max}
        onChange={(value) => onChange({ max: asNumber(value) })}
        error={errors.max}
        readOnly={readOnly}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
