import { Title } from '@mantine/core';
import { useRef } from 'react';
import type { PostView } from '../../../../../contracts/post';
import { ApplicantsFields } from '../../wizard/components/applicants-step';
import { ExpensesFields } from '../../wizard/components/expenses-step';
import { IncomesFields } from '../../wizard/components/savings-step';
import { editPost } from '../../api/posts';
import { editChangesOf, formErrorsOf, type PeopleValues, peopleErrors, peopleValuesOf, withoutApplicant } from '../people-form';
import { useSectionForm } from '../use-section-form';
import { SectionForm } from './section-form';
import { postMessages } from '../../../../../domain/post/schemas';

type Props = { post: PostView; onDirtyChange: (dirty: boolean) => void };

/**
 * Applicants, their incomes and the expenses, saved as ONE `edit` batch (an open post must stay complete: a new
 * applicant comes with the number of applicants and the expense covering them) → 'Post was successfully updated!'.
 */
export function PeopleSection({ post, onDirtyChange }: Props) {
  const currentYear = new Date().getFullYear();
  /** The last batch's form path of each change, to put the server's `changes.<i>.…` messages back on their rows. */
  const targets = useRef<string[]>([]);
  const section = useSectionForm<PeopleValues>({
    post,
    valuesOf: peopleValuesOf,
    validate: (values) => peopleErrors(values, currentYear),
    save: async (values) => {
      const batch = editChangesOf(post, values);
      targets.current = batch.targets;
      if (batch.changes.length > 0) await editPost(post.uuid, batch.changes);
    },
    placeErrors: (errors) => formErrorsOf(errors, targets.current),
    savedTitle: postMessages.updated,
    savedMessage: 'Lenders see the new details from now on.',
    onDirtyChange,
  });
  const { form } = section;
  const applicants = form.values.applicants.map((a, index) => ({ key: a.key, name: [a.first_name, a.last_name].filter(Boolean).join(' ') || `Applicant ${index + 1}` }));
  return (
    <SectionForm label="Applicants, incomes and expenses" submitLabel="Save the changes" dirty={form.isDirty()} {...section}>
      <Title order={2} size="h4">
        Applicants
      </Title>
      <ApplicantsFields form={form} onRemove={(index) => form.setValues(withoutApplicant(form.getValues(), index))} />
      <IncomesFields form={form} applicants={applicants} />
      <Title order={2} size="h4">
        Expenses and liabilities
      </Title>
      <ExpensesFields form={form} applicants={applicants} />
    </SectionForm>
  );
}
