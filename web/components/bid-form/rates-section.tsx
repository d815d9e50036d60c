import { Checkbox, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { bidLimits, bidRateTypes } from '../../../domain/bid/schemas';
import { bidFeatureLabels, bidRateTypeLabels } from './bid-labels';
import { comparisonTermsOf, type BidFormValues } from './bid-form-values';
import { ComputedComparisonRate } from './computed-comparison-rate';
import { formatCount } from '../../lib/format';
import { wholeNumbersIn } from '../../lib/ranges';

type Props = { form: UseFormReturnType<BidFormValues> };

/** Percent inputs: two decimals at most (spec 3 §9). */
export const percentProps = { suffix: '%', decimalScale: 2, allowNegative: false, step: 0.01 } as const;

const rateTypeOptions = bidRateTypes.map((value) => ({ value, label: bidRateTypeLabels[value] }));

/** The offered rates (spec 3 §5: 1.5 to 15 percent; fixed period 1 to 5 years; reverting 1 to 60 months). */
export function RatesSection({ form }: Props) {
  const fixedPeriod = form.getInputProps('fixed_period');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput label="Interest rate" withAsterisk {...percentProps} {...form.getInputProps('interest_rate')} />
        <NumberInput label="Comparison rate" withAsterisk {...percentProps} {...form.getInputProps('comparison_rate')} />
        <NumberInput label="Advertised rate" {...percentProps} {...form.getInputProps('advertised_rate')} />
        <Select label="Rate type" withAsterisk placeholder="Choose" data={rateTypeOptions} allowDeselect={false} {...form.getInputProps('rate_type')} />
        {form.values.rate_type === 'fixed' && (
          <Select
            label="Fixed period"
            withAsterisk
            placeholder="Years"
            data={wholeNumbersIn(bidLimits.fixedPeriodYears).map((years) => ({ value: String(years), label: formatCount(years, 'year') }))}
            allowDeselect={false}
            {...fixedPeriod}
            value={form.values.fixed_period === '' ? null : String(form.values.fixed_period)}
            onChange={(value) => form.setFieldValue('fixed_period', value === null ? '' : Number(value))}
          />
        )}
      </SimpleGrid>
      <ComputedComparisonRate terms={comparisonTermsOf(form.values)} declared={form.values.comparison_rate === '' ? null : form.values.comparison_rate} />
      <Group gap="xl">
        <Checkbox label={bidFeatureLabels.discretionary_rate} {...form.getInputProps('discretionary_rate', { type: 'checkbox' })} />
        <Checkbox label={bidFeatureLabels.introductory_rate} {...form.getInputProps('introductory_rate', { type: 'checkbox' })} />
      </Group>
      {form.values.introductory_rate && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Rate reverts to" withAsterisk {...percentProps} {...form.getInputProps('rate_reverts_to')} />
          <NumberInput
            label="Rate reverts after"
            withAsterisk
            suffix=" months"
            decimalScale={0}
            allowNegative={false}
            min={bidLimits.rateRevertsAfterMonths.min}
            max={bidLimits.rateRevertsAfterMonths.max}
            {...form.getInputProps('rate_reverts_after')}
          />
        </SimpleGrid>
      )}
    </>
  );
}
