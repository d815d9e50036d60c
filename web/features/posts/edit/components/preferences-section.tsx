import type { PostView } from '../../../../../contracts/post';
import { PrioritiesFields } from '../../wizard/components/priorities-step';
import { type PrioritiesValues, prioritiesErrors, prioritiesValuesOf, toPreferences } from '../../wizard/form-mapping';
import { updatePreferences } from '../../api/home-loans';
import { changedFields } from '../people-form';
import { useSectionForm, withoutPrefix } from '../use-section-form';
import { SectionForm } from './section-form';

type Props = { post: PostView; preferencesUuid: string; onDirtyChange: (dirty: boolean) => void };

/**
 * The lender preferences (spec 3 §5: at least one lender type; a line of credit with a fixed or any rate, or with an
 * offset account, is refused), saved alone → 'Home loan preferences were updated!'.
 */
export function PreferencesSection({ post, preferencesUuid, onDirtyChange }: Props) {
  const section = useSectionForm<PrioritiesValues>({
    post,
    valuesOf: prioritiesValuesOf,
    validate: prioritiesErrors,
    save: (values) => updatePreferences(preferencesUuid, changedFields(toPreferences(prioritiesValuesOf(post)), toPreferences(values))),
    placeErrors: withoutPrefix('home_loan_preferences'),
    savedTitle: 'Home loan preferences were updated!',
    savedMessage: 'Lenders see your new priorities from now on.',
    onDirtyChange,
  });
  return (
    <SectionForm label="Preferences" submitLabel="Save the preferences" dirty={section.form.isDirty()} {...section}>
      <PrioritiesFields form={section.form} />
    </SectionForm>
  );
}
