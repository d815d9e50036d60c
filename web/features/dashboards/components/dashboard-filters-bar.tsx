import { Badge, Button, Group, MultiSelect } from '@mantine/core';
import { australianStates } from '../../../../domain/address/schemas';
import { creditBands } from '../../../../domain/post/calculations';
import { type DashboardFilter, postStatusLabels } from '../../../../domain/post/dashboard';
import { loanTypes } from '../../../../domain/post/constants';
import { postStatuses } from '../../../../domain/post/views';
import { appliedFilterCount } from '../dashboard-filters';
import { loanTypeLabels } from '../dashboard-labels';

type Props = {
  filter: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
  /** The provider's tables list active and review posts only: no status filter there. */
  withStatus: boolean;
};

const stateOptions = australianStates.map((s) => ({ value: s, label: s }));
const loanTypeOptions = loanTypes.map((t) => ({ value: t, label: loanTypeLabels[t] }));
const creditBandOptions = creditBands.map((b) => ({ value: b.band_key, label: b.label }));
const statusOptions = postStatuses.map((s) => ({ value: s, label: postStatusLabels[s] }));

/** The dashboard's filters (states, loan type, credit band, status), any by default, with the applied count. */
export function DashboardFiltersBar({ filter, onChange, withStatus }: Props) {
  const count = appliedFilterCount(filter);
  // The options come from the domain's lists, so a chosen value is one of them.
  const set = (field: keyof DashboardFilter) => (values: string[]) => onChange({ ...filter, [field]: values } as DashboardFilter);
  const common = { size: 'xs', clearable: true, placeholder: 'Any', w: 190, comboboxProps: { withinPortal: true } } as const;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect label="States" data={stateOptions} value={filter.states ?? []} onChange={set('states')} {...common} />
      <MultiSelect label="Loan type" data={loanTypeOptions} value={filter.loan_type ?? []} onChange={set('loan_type')} {...common} />
      <MultiSelect label="Credit band" data={creditBandOptions} value={filter.credit_band ?? []} onChange={set('credit_band')} {...common} />
      {withStatus && <MultiSelect label="Status" data={statusOptions} value={filter.status ?? []} onChange={set('status')} {...common} />}
      <Group gap="xs" pb={4}>
        <Badge variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? 'blue' : 'gray'} aria-label="Applied filters">
          {count} {count === 1 ? 'filter' : 'filters'} applied
        </Badge>
        {count > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={() => onChange({})}>
            Clear filters
          </Button>
        )}
      </Group>
    </Group>
  );
}
