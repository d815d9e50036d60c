import { Checkbox, NumberInput, Select, SimpleGrid, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { bidLimits, bidRepaymentTypes, typesOfLoan } from '../../../domain/bid/schemas';
import { bidFeatureLabels, bidRepaymentTypeLabels, typeOfLoanLabels } from './bid-labels';
import type { BidFormValues } from './bid-form-values';
import { percentProps } from './rates-section';
import { formatCount } from '../../lib/format';
import { wholeNumbersIn } from '../../lib/ranges';

type Props = { form: UseFormReturnType<BidFormValues> };

const typeOptions = typesOfLoan.map((value) => ({ value, label: typeOfLoanLabels[value] }));
const repaymentOptions = bidRepaymentTypes.map((value) => ({ value, label: bidRepaymentTypeLabels[value] }));
const interestOnlyYears = wholeNumbersIn(bidLimits.interestOnlyPeriodYears).map(String);

/** The loan's features (spec 3 §3), the interest-only period (1 to 10 years) and the maximum LVR (0 to 100). */
export function LoanFeaturesSection({ form }: Props) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select label="Type of loan" withAsterisk placeholder="Choose" data={typeOptions} allowDeselect={false} {...form.getInputProps('type_of_loan')} />
        <Select label="Repayment type" withAsterisk placeholder="Choose" data={repaymentOptions} allowDeselect={false} {...form.getInputProps('repayment_type')} />
        {form.values.repayment_type === 'interest_only' && (
          <Select
            label="Interest-only period"
            withAsterisk
            placeholder="Years"
            data={interestOnlyYears.map((value) => ({ value, label: formatCount(Number(value), 'year') }))}
            allowDeselect={false}
            {...form.getInputProps('interest_only_period')}
            value={form.values.interest_only_period === '' ? null : String(form.values.interest_only_period)}
            onChange={(value) => form.setFieldValue('interest_only_period', value === null ? '' : Number(value))}
          />
        )}
        <NumberInput label="Maximum LVR" withAsterisk {...percentProps} {...form.getInputProps('maximum_lvr')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Checkbox label={bidFeatureLabels.offset} {...form.getInputProps('offset', { type: 'checkbox' })} />
        <Checkbox label={bidFeatureLabels.redraw} {...form.getInputProps('redraw', { type: 'checkbox' })} />
        <Checkbox label={bidFeatureLabels.extra_repayments} {...form.getInputProps('extra_repayments', { type: 'checkbox' })} />
        <Checkbox label={bidFeatureLabels.split_loan_facility} {...form.getInputProps('split_loan_facility', { type: 'checkbox' })} />
        <Checkbox label={bidFeatureLabels.packaged} {...form.getInputProps('packaged', { type: 'checkbox' })} />
      </SimpleGrid>
      {form.values.packaged && <Textarea label="Package details" autosize minRows={2} maxLength={bidLimits.longTextMax} {...form.getInputProps('package_details')} />}
    </>
  );
}
