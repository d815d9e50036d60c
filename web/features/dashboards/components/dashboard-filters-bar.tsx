import { Badge, Button, Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { australianStates } from '../../../../domain/address/schemas';
import { creditBands } from '../../../../domain/post/calculations';
import { type DashboardFilter, postStatusLabels } from '../../../../domain/post/dashboard';
import { loanPurposes, loanTypes, preferredRateTypes, repaymentTypes } from '../../../../domain/post/constants';
import { postStatuses } from '../../../../domain/post/constants';
import { appliedFilterCount } from '../dashboard-filters';
import { loanPurposeLabels, loanTypeLabels, preferredRateTypeLabels, repaymentTypeLabels } from '../dashboard-labels';

type Props = {
  filter: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
  /** The provider's tables list active and review posts only: no status filter there. */
  withStatus: boolean;
  /** Shown at the end of the applied-filters row (the sort menu). */
  children?: ReactNode;
};

type Option = { value: string; label: string };
const optionsOf = <K extends string>(values: readonly K[], label: (value: K) => string): Option[] => values.map((value) => ({ value, label: label(value) }));
// "Any" alone is the empty filter's placeholder; as a preference it is the customer's choice of no preference.
const preference = (label: string, value: string) => (value === 'any' ? `${label} (no preference)` : label);

const stateOptions = optionsOf(australianStates, (s) => s);
const loanTypeOptions = optionsOf(loanTypes, (t) => loanTypeLabels[t]);
const loanPurposeOptions = optionsOf(loanPurposes, (p) => loanPurposeLabels[p]);
const creditBandOptions = creditBands.map((b) => ({ value: b.band_key, label: b.label }));
const rateTypeOptions = optionsOf(preferredRateTypes, (t) => preference(preferredRateTypeLabels[t], t));
const repaymentTypeOptions = optionsOf(repaymentTypes, (t) => preference(repaymentTypeLabels[t], t));
const statusOptions = optionsOf(postStatuses, (s) => postStatusLabels[s]);

/**
 * The dashboard's filters (spec 1 §2: states, loan type, loan purpose, credit band, rate type, repayment type and the
 * admin's status), any by default, in a grid so the selects line up, then the applied count.
 */
export function DashboardFiltersBar({ filter, onChange, withStatus, children }: Props) {
  const count = appliedFilterCount(filter);
  // The options come from the domain's lists, so a chosen value is one of them.
  const select = (label: string, field: keyof DashboardFilter, data: Option[]) => {
    const value = filter[field] ?? [];
    return (
      <MultiSelect
        label={label}
        data={data}
        value={value}
        onChange={(values) => onChange({ ...filter, [field]: values } as DashboardFilter)}
        size="xs"
        clearable
        // "Any" only while nothing is chosen: beside a chosen value it would read as one more.
        placeholder={value.length === 0 ? 'Any' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };
  return (
    <Stack gap="xs" w="100%" role="group" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="xs">
        {select('States', 'states', stateOptions)}
        {select('Loan type', 'loan_type', loanTypeOptions)}
        {select('Loan purpose', 'loan_purpose', loanPurposeOptions)}
        {select('Credit band', 'credit_band', creditBandOptions)}
        {select('Rate type', 'rate_type', rateTypeOptions)}
        {select('Repayment type', 'repayment_type', repaymentTypeOptions)}
        {withStatus && select('Status', 'status', statusOptions)}
      </SimpleGrid>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Badge variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? 'blue' : 'gray'} aria-label="Applied filters">
            {count} {count === 1 ? 'filter' : 'filters'} applied
          </Badge>
          {count > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={() => onChange({})}>
              Clear filters
            </Button>
          )}
        </Group>
        {children}
      </Group>
    </Stack>
  );
}
