import type { PostView } from '../../../../../contracts/post';
import { LoanDetailsFields } from '../../wizard/components/loan-details-step';
import { type LoanDetailsValues, loanDetailsErrors, loanDetailsValuesOf, toLoanDetailsChanges } from '../../wizard/form-mapping';
import { updateHomeLoan } from '../../api/home-loans';
import { changedFields } from '../people-form';
import { useSectionForm, withoutPrefix } from '../use-section-form';
import { SectionForm } from './section-form';

type Props = { post: PostView; loan: NonNullable<PostView['primary_home_loan']>; onDirtyChange: (dirty: boolean) => void };

/** The home loan's fields, saved alone (`PATCH /v2/home_loans/{id}`, only what changed) → 'Home loan was updated!'. */
export function LoanSection({ post, loan, onDirtyChange }: Props) {
  const { loan_type, loan_purpose } = loan;
  const section = useSectionForm<LoanDetailsValues>({
    post,
    valuesOf: loanDetailsValuesOf,
    validate: (values) => loanDetailsErrors(values, post),
    save: (values) =>
      updateHomeLoan(loan.uuid, changedFields(toLoanDetailsChanges(loanDetailsValuesOf(post), loan_type, loan_purpose), toLoanDetailsChanges(values, loan_type, loan_purpose))),
    placeErrors: withoutPrefix('home_loan'),
    savedTitle: 'Home loan was updated!',
    savedMessage: 'Lenders see the new details from now on.',
    onDirtyChange,
  });
  return (
    <SectionForm label="Loan" submitLabel="Save the loan" dirty={section.form.isDirty()} {...section}>
      <LoanDetailsFields form={section.form} loan={loan} />
    </SectionForm>
  );
}
