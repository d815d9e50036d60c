import { Stack, Text } from '@mantine/core';
import { loanPurposes, loanTypes, urgencies, urgencyLabels } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { saveIntro } from '../api/save-steps';
import { readWizardState, writeWizardState } from '../draft-storage';
import { type IntroValues, introErrors, introValuesOf } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { loanPurposeLabels, loanTypeLabels } from '../wizard-labels';
import { wizardStore } from '../wizard-session';
import { ChoiceField } from './choice-fields';
import { StepForm } from './step-form';

/** Step 1: how soon, and what kind of loan. The first Next makes the customer's account and the post. */
export function IntroStep({ post }: { post: PostView | null }) {
  const step = useStepForm<IntroValues>({
    step: 1,
    initialValues: introValuesOf(post),
    validate: introErrors,
    save: (values) => {
      const state = readWizardState(wizardStore());
      return saveIntro(post, state.post_uuid, values, state.campaign_slug, (postUuid, customerMade) =>
        writeWizardState(wizardStore(), { post_uuid: postUuid, new_customer: customerMade }),
      );
    },
  });
  const { form } = step;
  return (
    <StepForm step={1} {...step}>
      <Text c="dimmed">Tell us what you are looking for. Lenders and brokers then compete for your home loan.</Text>
      <Stack gap="lg">
        <ChoiceField
          label="How soon do you need the loan?"
          options={urgencies.map((value) => ({ value, label: urgencyLabels[value] }))}
          {...form.getInputProps('urgency')}
        />
        <ChoiceField label="What would you like to do?" options={loanTypes.map((value) => ({ value, label: loanTypeLabels[value] }))} {...form.getInputProps('loan_type')} />
        <ChoiceField label="What is the property for?" options={loanPurposes.map((value) => ({ value, label: loanPurposeLabels[value] }))} {...form.getInputProps('loan_purpose')} />
      </Stack>
    </StepForm>
  );
}
