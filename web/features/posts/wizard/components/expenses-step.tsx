import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { currentRateTypes, loanPurposes, postLimits } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { saveExpenses } from '../api/save-steps';
import { emptyExpense, type ExpensesValues, type ExpenseValues, expensesErrors, expensesValuesOf } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { currentRateTypeLabels, expensePeriodLabels, expenseSections, loanPurposeLabels, optionsOf } from '../wizard-labels';
import { LenderField } from './lender-field';
import type { ApplicantChoice } from './savings-step';
import { StepForm } from './step-form';
import { postHints } from '../../post-hints';

const moneyInput = { prefix: '$', thousandSeparator: ',', decimalScale: 0, allowNegative: false, hideControls: true } as const;

type ExpensesForm = UseFormReturnType<ExpensesValues>;
type RowProps = { form: ExpensesForm; index: number; expense: ExpenseValues; applicants: ApplicantChoice[] };

/** The fields of one expense; its type decides which (spec 2 §3 "Expense"). */
function ExpenseRow({ form, index, expense, applicants }: RowProps) {
  const at = (field: string) => `expenses.${index}.${field}`;
  const period = <Select label="Period" data={optionsOf(expensePeriodLabels)} withAsterisk allowDeselect={false} {...form.getInputProps(at('period'))} />;
  const money = (label: string, field: string, description?: string) => <NumberInput label={label} description={description} withAsterisk {...moneyInput} {...form.getInputProps(at(field))} />;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Checkbox.Group label="Who pays it?" withAsterisk {...form.getInputProps(at('applicants'))}>
            <Group gap="md" mt={6}>
              {applicants.map((a) => (
                <Checkbox key={a.key} value={a.key} label={a.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <ActionIcon variant="subtle" color="red" aria-label="Remove this expense" onClick={() => form.removeListItem('expenses', index)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {expense.expense_type === 'general' && (
            <>
              {money('Living expenses', 'value', postHints.generalExpenseMonthly)}
              {period}
            </>
          )}
          {expense.expense_type === 'credit_card_limits' && (
            <>
              {money('Total card limit', 'value')}
              {money('Owing now', 'balance_owing')}
            </>
          )}
          {expense.expense_type === 'personal_or_car_loan' && (
            <>
              {money('Still owing', 'value')}
              {money('Repayment', 'repayment')}
              {period}
            </>
          )}
          {expense.expense_type === 'rent' && (
            <>
              {money('Rent', 'value')}
              {period}
            </>
          )}
          {expense.expense_type === 'others' && (
            <>
              <TextInput label="What for" placeholder="e.g. School fees" maxLength={postLimits.descriptionMaxLength} {...form.getInputProps(at('description'))} />
              {money('Amount', 'value')}
              {period}
            </>
          )}
          {expense.expense_type === 'other_home_loan' && (
            <>
              <LenderField
                label="Lender"
                name={expense.organisation}
                error={form.errors[at('organisation')]}
                onChange={(name, uuid) => {
                  form.setFieldValue(at('organisation'), name);
                  form.setFieldValue(at('organisation_uuid'), uuid);
                  form.clearFieldError(at('organisation'));
                }}
              />
              {money('Still owing', 'value')}
              {money('Repayment', 'repayment')}
              {period}
            </>
          )}
        </SimpleGrid>
        {expense.expense_type === 'other_home_loan' && (
          <Stack gap="sm">
            <Checkbox label="Refinance this loan too" {...form.getInputProps(at('refinance'), { type: 'checkbox' })} />
            {expense.refinance && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {money('Property value', 'property_market_value')}
                <NumberInput label="Interest rate" suffix="%" decimalScale={2} allowNegative={false} hideControls withAsterisk {...form.getInputProps(at('interest_rate'))} />
                <Select label="Rate type" data={currentRateTypes.map((value) => ({ value, label: currentRateTypeLabels[value] }))} withAsterisk allowDeselect={false} {...form.getInputProps(at('rate_type'))} />
                <Select label="The property is" data={loanPurposes.map((value) => ({ value, label: loanPurposeLabels[value] }))} withAsterisk allowDeselect={false} {...form.getInputProps(at('loan_purpose'))} />
              </SimpleGrid>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Step 6: what the applicants spend and owe; every applicant covered by living expenses (spec 2 §5). */
export function ExpensesStep({ post }: { post: PostView }) {
  const step = useStepForm<ExpensesValues>({
    step: 6,
    initialValues: expensesValuesOf(post),
    validate: (values) => expensesErrors(values, post),
    save: (values) => saveExpenses(post, values),
    adoptDraft: (draft) => ({ expenses: draft.expenses.map((e) => ({ ...e, applicants: e.applicants.filter((id) => post.applicants.some((a) => a.uuid === id)) })) }),
  });
  const applicants = post.applicants.map((a) => ({ key: a.uuid, name: [a.first_name, a.last_name].filter(Boolean).join(' ') || `Applicant ${a.number}` }));
  return (
    <StepForm step={6} {...step}>
      <Text c="dimmed">Lenders check what you can afford. Add what applies to you; leave out what does not.</Text>
      <ExpensesFields form={step.form} applicants={applicants} />
    </StepForm>
  );
}

/** The expenses by section, each paid by some of the applicants: the wizard's step 6 and the post edit screen. */
export function ExpensesFields({ form, applicants }: { form: ExpensesForm; applicants: ApplicantChoice[] }) {
  const everyone = applicants.map((a) => a.key);
  return (
    <>
      {form.errors.expenses && (
        <Alert color="red" icon={<IconAlertCircle />} data-step-error>
          {form.errors.expenses}
        </Alert>
      )}
      {expenseSections.map((section) => (
        <Stack key={section.type} gap="sm" component="section" aria-label={section.title}>
          <div>
            <Title order={2} size="h4">
              {section.title}
            </Title>
            <Text size="sm" c="dimmed">
              {section.hint}
            </Text>
          </div>
          {form.values.expenses.map((expense, index) =>
            expense.expense_type === section.type ? <ExpenseRow key={expense.key} form={form} index={index} expense={expense} applicants={applicants} /> : null,
          )}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('expenses', emptyExpense(section.type, everyone))}>
              {section.add}
            </Button>
          </Group>
        </Stack>
      ))}
    </>
  );
}
