import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { creditHistories, postLimits } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { saveApplicants } from '../api/save-steps';
import { type ApplicantsValues, applicantsErrors, applicantsValuesOf, emptyApplicant } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { creditHistoryLabels } from '../wizard-labels';
import { StepForm } from './step-form';
import { dependantCounts, dependantLabel } from '../../post-hints';

const dependantOptions = dependantCounts.map((n) => ({ value: String(n), label: dependantLabel(n) }));
const creditHistoryOptions = creditHistories.map((value) => ({ value, label: creditHistoryLabels[value] }));

/** Step 4: who borrows, 1 to 4 applicants, and the dependants (spec 2 §5). */
export function ApplicantsStep({ post }: { post: PostView }) {
  const currentYear = new Date().getFullYear();
  const step = useStepForm<ApplicantsValues>({
    step: 4,
    initialValues: applicantsValuesOf(post),
    validate: (values) => applicantsErrors(values, currentYear),
    save: (values) => saveApplicants(post, values),
  });
  return (
    <StepForm step={4} {...step}>
      <Text c="dimmed">Everyone who will be named on the loan, up to {postLimits.applicants.max} applicants.</Text>
      <ApplicantsFields form={step.form} />
    </StepForm>
  );
}

type FieldsProps = {
  form: UseFormReturnType<ApplicantsValues>;
  /** Removes the applicant at `index`; the post edit screen also removes their incomes and expenses. */
  onRemove?: (index: number) => void;
};

/** The applicants and the dependants: the wizard's step 4 and the post edit screen. */
export function ApplicantsFields({ form, onRemove = (index) => form.removeListItem('applicants', index) }: FieldsProps) {
  const currentYear = new Date().getFullYear();
  const applicants = form.values.applicants;
  return (
    <>
      {form.errors.applicants && (
        <Alert color="red" icon={<IconAlertCircle />} data-step-error>
          {form.errors.applicants}
        </Alert>
      )}
      <Stack gap="md">
        {applicants.map((applicant, index) => (
          <Paper key={applicant.key} withBorder p="md" aria-label={`Applicant ${index + 1}`} component="section">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h5">
                Applicant {index + 1}
              </Title>
              {applicants.length > 1 && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove applicant ${index + 1}`} onClick={() => onRemove(index)}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="First name" autoComplete="off" withAsterisk maxLength={postLimits.nameMaxLength} {...form.getInputProps(`applicants.${index}.first_name`)} />
              <TextInput label="Last name" autoComplete="off" withAsterisk maxLength={postLimits.nameMaxLength} {...form.getInputProps(`applicants.${index}.last_name`)} />
              <NumberInput
                label="Year of birth"
                placeholder={String(currentYear - 40)}
                withAsterisk
                hideControls
                allowDecimal={false}
                allowNegative={false}
                maxLength={4}
                {...form.getInputProps(`applicants.${index}.date_of_birth`)}
              />
              <Select label="Credit history" placeholder="Choose one" data={creditHistoryOptions} withAsterisk allowDeselect={false} {...form.getInputProps(`applicants.${index}.credit_history`)} />
            </SimpleGrid>
          </Paper>
        ))}
        {applicants.length < postLimits.applicants.max && (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('applicants', emptyApplicant())}>
              Add an applicant
            </Button>
          </Group>
        )}
      </Stack>
      <Select
        label="How many dependants do the applicants support?"
        description="Children or others who rely on your income"
        data={dependantOptions}
        withAsterisk
        allowDeselect={false}
        w={{ base: '100%', sm: 360 }}
        value={form.values.number_of_dependants === '' ? null : String(form.values.number_of_dependants)}
        onChange={(v) => form.setFieldValue('number_of_dependants', v === null ? '' : Number(v))}
        error={form.errors.number_of_dependants}
      />
    </>
  );
}
