import { Button, Card, Group, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { externalDealChangesSchema, externalDealFormErrors, externalDealFormSchema, externalDealMessages, externalLoanLimits, providerErrors } from '../../../../domain/external-deal/schemas';
import type { ExternalDealView } from '../../../../contracts/external-deal';
import { loanPurposeLabels, loanTypeLabels } from '../../../../domain/post/labels';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { type UserOption, useCreateExternalDeal, useUpdateExternalDeal, useUserOptions } from '../api/external-deals';

// The external deal form (spec 1 §2, §5, §8; spec 3 §2): the customer card (an existing customer, or a new one), the
// provider cards (one or more) and the post card (the loan). Validated with the domain's schema before sending; the
// server's 422 messages land on the same fields. docs/external-deals.md.

type Errors = Record<string, string>;
type Values = {
  customerKind: 'existing' | 'new';
  customer_uuid: string | null;
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string;
  fsp_user_uuids: string[];
  loan_type: string | null;
  loan_purpose: string | null;
  loan_amount: number | string;
  property_market_value: number | string;
};

const emptyValues: Values = {
  customerKind: 'existing',
  customer_uuid: null,
  first_name: '',
  last_name: '',
  email: '',
  mobile_number: '',
  fsp_user_uuids: [],
  loan_type: null,
  loan_purpose: null,
  loan_amount: '',
  property_market_value: '',
};

const valuesOf = (deal: ExternalDealView): Values => ({
  ...emptyValues,
  customer_uuid: deal.customer.uuid,
  fsp_user_uuids: deal.fsp_user_uuids,
  ...deal.loan,
});

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);
const loanOf = (v: Values) => ({ loan_type: v.loan_type, loan_purpose: v.loan_purpose, loan_amount: numberOrNull(v.loan_amount), property_market_value: numberOrNull(v.property_market_value) });

/** The messages by field path, the first of each. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

const labelled = (deal: ExternalDealView | null): Record<string, string> => {
  if (!deal) return {};
  const name = (p: { first_name: string | null; last_name: string | null; email: string | null; uuid: string }) =>
    [[p.first_name, p.last_name].filter(Boolean).join(' '), p.email].filter(Boolean).join(' · ') || p.uuid;
  return Object.fromEntries([[deal.customer.uuid, name(deal.customer)], ...deal.providers.map((p) => [p.uuid, name(p)])]);
};

/** `customer`: an existing customer to start with (the post page's "Create external deal"). */
export function ExternalDealForm({ externalDeal, customer, onSaved }: { externalDeal: ExternalDealView | null; customer?: { uuid: string; label: string }; onSaved: () => void }) {
  const editing = externalDeal !== null;
  const [values, setValues] = useState<Values>(() =>
    externalDeal ? valuesOf(externalDeal) : customer ? { ...emptyValues, customerKind: 'existing', customer_uuid: customer.uuid } : emptyValues,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The id of the deal being created, made once per form: a retried submit completes the same external deal.
  const [uuid] = useState(() => externalDeal?.uuid ?? crypto.randomUUID());
  const [labels, setLabels] = useState<Record<string, string>>(() => ({ ...labelled(externalDeal), ...(customer ? { [customer.uuid]: customer.label } : {}) }));
  const create = useCreateExternalDeal();
  const update = useUpdateExternalDeal(uuid);
  const saving = create.isPending || update.isPending;

  // A changed field drops its own message; the others stay until the next check.
  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== key && !path.endsWith(`.${String(key)}`))));
  };
  const remember = (options: readonly UserOption[]) => setLabels((current) => ({ ...current, ...Object.fromEntries(options.map((o) => [o.value, o.label])) }));

  function body() {
    const loan = loanOf(values);
    if (editing) return { fsp_user_uuids: values.fsp_user_uuids, loan };
    const customer =
      values.customerKind === 'new'
        ? { first_name: values.first_name, last_name: values.last_name, email: values.email, mobile_number: values.mobile_number || null }
        : null;
    return { uuid, customer_uuid: values.customerKind === 'existing' ? values.customer_uuid : null, customer, fsp_user_uuids: values.fsp_user_uuids, loan };
  }

  function submit() {
    setFailure(null);
    const payload = body();
    const parsed = editing ? externalDealChangesSchema.safeParse(payload) : externalDealFormSchema.safeParse(payload);
    if (!parsed.success) {
      // The rules across cards run only once every field parses: the form shows them with the fields' own errors.
      const across = editing ? providerErrors(values.fsp_user_uuids) : externalDealFormErrors(payload as Parameters<typeof externalDealFormErrors>[0]);
      return setErrors({ ...errorsOf(parsed.error.issues), ...Object.fromEntries(Object.entries(across).map(([key, messages]) => [key, messages[0] ?? ''])) });
    }
    setErrors({});
    const onError = (error: unknown) => {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key.replace(/^fsp_user_uuids\.\d+$/, 'fsp_user_uuids'), messages.join(' ')])));
      } else setFailure(isApiError(error) && error.status === 409 ? (error.detail ?? 'Please try again.') : 'The external deal was not saved. Please try again in a moment.');
    };
    const onSuccess = () => {
      notifications.show({ color: 'teal', title: 'Success!', message: editing ? externalDealMessages.updated : externalDealMessages.created });
      onSaved();
    };
    if (editing) update.mutate(parsed.data as Parameters<typeof update.mutate>[0], { onSuccess, onError });
    else create.mutate(parsed.data as Parameters<typeof create.mutate>[0], { onSuccess, onError });
  }

  return (
    <Stack gap="lg">
      <FormErrorAlert message={failure} />
      <CustomerCard values={values} errors={errors} editing={editing} customerLabel={externalDeal ? labels[externalDeal.customer.uuid] : undefined} set={set} labels={labels} remember={remember} />
      <ProvidersCard values={values} errors={errors} set={set} labels={labels} remember={remember} />
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={4}>Post</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Loan type" data={Object.entries(loanTypeLabels).map(([value, label]) => ({ value, label }))} value={values.loan_type} onChange={set('loan_type')} error={errors['loan.loan_type']} withAsterisk />
            <Select label="Loan purpose" data={Object.entries(loanPurposeLabels).map(([value, label]) => ({ value, label }))} value={values.loan_purpose} onChange={set('loan_purpose')} error={errors['loan.loan_purpose']} withAsterisk />
            <NumberInput
              label="Loan amount"
              prefix="$"
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              min={externalLoanLimits.loanAmount.min}
              max={externalLoanLimits.loanAmount.max}
              clampBehavior="none"
              value={values.loan_amount}
              onChange={set('loan_amount')}
              error={errors['loan.loan_amount']}
              withAsterisk
            />
            <NumberInput
              label="Property value"
              prefix="$"
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              min={externalLoanLimits.propertyMarketValue.min}
              max={externalLoanLimits.propertyMarketValue.max}
              clampBehavior="none"
              value={values.property_market_value}
              onChange={set('property_market_value')}
              error={errors['loan.property_market_value']}
              withAsterisk
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Group justify="flex-end">
        <Button onClick={submit} loading={saving}>
          {editing ? 'Update external deal' : 'Create external deal'}
        </Button>
      </Group>
    </Stack>
  );
}

type CardProps = {
  values: Values;
  errors: Errors;
  set: <K extends keyof Values>(key: K) => (value: Values[K]) => void;
  labels: Record<string, string>;
  remember: (options: readonly UserOption[]) => void;
};

/** Options from the server's search, with the chosen ones kept (their labels remembered) whatever the search. */
function useOptions(userType: 'customer' | 'fsp', search: string, chosen: readonly string[], labels: Record<string, string>, remember: CardProps['remember']) {
  const [debounced] = useDebouncedValue(search, 250);
  const options = useUserOptions(userType, debounced);
  const found = options.data ?? [];
  const data = [...chosen.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: labels[id] ?? id })), ...found];
  return { data, loading: options.isFetching, keep: (ids: readonly string[]) => remember(found.filter((o) => ids.includes(o.value))) };
}

function CustomerCard({ values, errors, editing, customerLabel, set, labels, remember }: CardProps & { editing: boolean; customerLabel: string | undefined }) {
  const [search, setSearch] = useState('');
  const chosen = values.customer_uuid ? [values.customer_uuid] : [];
  const options = useOptions('customer', search, chosen, labels, remember);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={4}>Customer</Title>
        {editing ? (
          <Text>{customerLabel ?? values.customer_uuid}</Text>
        ) : (
          <>
            <SegmentedControl
              value={values.customerKind}
              onChange={(kind) => set('customerKind')(kind as Values['customerKind'])}
              data={[
                { value: 'existing', label: 'Existing customer' },
                { value: 'new', label: 'New customer' },
              ]}
              w="fit-content"
            />
            {values.customerKind === 'existing' ? (
              <Select
                label="Customer"
                placeholder="Search by name or e-mail"
                searchable
                data={options.data}
                value={values.customer_uuid}
                onChange={(id) => {
                  options.keep(id ? [id] : []);
                  set('customer_uuid')(id);
                }}
                onSearchChange={setSearch}
                nothingFoundMessage={options.loading ? 'Searching…' : 'No customer found'}
                error={errors.customer_uuid}
                withAsterisk
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First name" value={values.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} error={errors['customer.first_name']} withAsterisk />
                <TextInput label="Last name" value={values.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} error={errors['customer.last_name']} withAsterisk />
                <TextInput label="E-mail" type="email" value={values.email} onChange={(e) => set('email')(e.currentTarget.value)} error={errors['customer.email']} withAsterisk />
                <TextInput
                  label="Mobile number"
                  leftSection={<Text size="sm">+61</Text>}
                  value={values.mobile_number}
                  onChange={(e) => set('mobile_number')(e.currentTarget.value)}
                  error={errors['customer.mobile_number']}
                />
              </SimpleGrid>
            )}
            {values.customerKind === 'new' && errors.customer_uuid && (
              <Text c="red" size="sm">
                {errors.customer_uuid}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function ProvidersCard({ values, errors, set, labels, remember }: CardProps) {
  const [search, setSearch] = useState('');
  const options = useOptions('fsp', search, values.fsp_user_uuids, labels, remember);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={4}>FSP</Title>
        <MultiSelect
          label="Providers"
          placeholder="Search by name or e-mail"
          searchable
          data={options.data}
          value={values.fsp_user_uuids}
          onChange={(ids) => {
            options.keep(ids);
            set('fsp_user_uuids')(ids);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={options.loading ? 'Searching…' : 'No provider found'}
          error={errors.fsp_user_uuids}
          withAsterisk
        />
        <Text size="xs" c="dimmed">
          Each provider gets a deal that opens with 'External deal created'.
        </Text>
      </Stack>
    </Card>
  );
}
