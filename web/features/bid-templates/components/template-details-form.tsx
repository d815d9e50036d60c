import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowRight } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import type { FeeRuleChoice } from '../../../../domain/bid-template/commands';
import { bidTemplateErrors } from '../../../../domain/bid-template/decider';
import type { TemplateFileField } from '../../../../domain/bid-template/documents';
import { bidTemplateDetailsSchema } from '../../../../domain/bid-template/schemas';
import { DocumentsSection } from '../../../components/bid-form/documents-section';
import { FeesSection } from '../../../components/bid-form/fees-section';
import { FormSection } from '../../../components/bid-form/form-section';
import { LoanFeaturesSection } from '../../../components/bid-form/loan-features-section';
import { OfferTextsSection } from '../../../components/bid-form/offer-texts-section';
import { RatesSection } from '../../../components/bid-form/rates-section';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LeaveWithoutSavingModal } from '../../../components/leave-without-saving-modal';
import { isApiError } from '../../../lib/api-error';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useChangeBidTemplate, useCreateBidTemplate, useReloadBidTemplate } from '../api/change-bid-template';
import type { ProviderOption } from '../api/list-providers';
import { bidTemplateTexts } from '../bid-template-texts';
import { detailsFieldPaths, type TemplateFormValues, templateFormValuesOf, toTemplateDetails } from '../template-form-values';
import { confirmChange, isChangedMeanwhile, showChangedMeanwhile } from './changed-meanwhile';
import { FeeRulesModal } from './fee-rules-modal';
import { TemplateFileUpload } from './template-file-upload';
import { type TemplateOwner, TemplateSection } from './template-section';

type Props = {
  /** The saved template being edited; null for a new one or a clone (`cloneOf`). */
  template: BidTemplateView | null;
  cloneOf: string | null;
  initialValues: TemplateFormValues;
  owner: TemplateOwner;
  /** Saved (or unchanged: spec 3 §4 step 2 skips the save); the wizard moves on to the rules. */
  onDone: (template: BidTemplateView, created: boolean) => void;
  onCancel: () => void;
};

const templateFiles = [
  { field: 'product_disclosure_statement', label: 'Product disclosure statement' },
  { field: 'key_fact_sheets', label: 'Key fact sheet' },
] as const satisfies readonly { field: TemplateFileField; label: string }[];

type FeeDecision = NonNullable<Parameters<typeof FeeRulesModal>[0]['pending']>;

/**
 * Step 1 'Bid Details' (spec 3 §4 steps 2–4): the bid form's fields with the template's own. An unchanged template
 * moves on without saving; a change is confirmed first; a change of the application fee type under conditional
 * rules on the fee opens the update-conditional-rules dialog; a 409 says someone else saved it and offers a reload.
 */
export function TemplateDetailsForm({ template, cloneOf, initialValues, owner: initialOwner, onDone, onCancel }: Props) {
  const create = useCreateBidTemplate();
  const change = useChangeBidTemplate(template ?? { uuid: '', revision: 0 });
  const reloadTemplate = useReloadBidTemplate(template?.uuid ?? '');
  const [owner, setOwner] = useState(initialOwner);
  const [formError, setFormError] = useState<string | null>(null);
  const [feeDecision, setFeeDecision] = useState<FeeDecision | null>(null);
  const form = useForm<TemplateFormValues>({
    initialValues,
    validate: (values) => schemaResolver(bidTemplateDetailsSchema, { sync: true })(toTemplateDetails(values)),
  });
  const saving = create.isPending || change.isPending;

  // spec 3 §5: unsaved changes ask before leaving; a saved template leaves freely.
  const saved = useRef(false);
  const hasUnsavedChanges = () => !saved.current && form.isDirty();
  const blocker = useBlocker({ shouldBlockFn: hasUnsavedChanges, enableBeforeUnload: hasUnsavedChanges, withResolver: true });

  /** The template as saved now: the form starts again from it. */
  async function reload() {
    const fresh = await reloadTemplate();
    if (!fresh) return;
    form.setInitialValues(templateFormValuesOf(fresh));
    form.reset();
    setFormError(null);
  }

  function failed(error: unknown) {
    if (isChangedMeanwhile(error)) return showChangedMeanwhile(() => void reload());
    if (isApiError(error) && error.code === bidTemplateErrors.feeRulesChoiceRequired && template) return askAboutFeeRules(form.getValues(), template);
    setFormError(
      failedSaveMessage(error, {
        prefix: 'home_loan_bid_template',
        fields: detailsFieldPaths(form.getValues()),
        setFieldError: (field, message) => form.setFieldError(field, message),
        otherwise: isApiError(error) && [403, 422].includes(error.status) && error.detail ? error.detail : 'The bid template could not be saved. Please try again in a moment.',
      }),
    );
  }

  function finished(result: BidTemplateView, created: boolean) {
    saved.current = true;
    // Moving on to the rules says a change was saved; a new template is worth saying so.
    if (created) notifications.show({ color: 'teal', title: bidTemplateTexts.success, message: `${result.name} was created. Now choose the loans it bids on.` });
    onDone(result, created);
  }

  function createTemplate(values: TemplateFormValues) {
    setFormError(null);
    create.mutate({ details: toTemplateDetails(values), fspUserUuid: values.fsp_user_uuid, cloneOf: cloneOf ?? undefined }, { onSuccess: (result) => finished(result, true), onError: failed });
  }

  function update(values: TemplateFormValues, feeRules?: FeeRuleChoice) {
    setFormError(null);
    change.mutate({ kind: 'details', details: toTemplateDetails(values), feeRules }, { onSuccess: (result) => finished(result, false), onError: failed });
  }

  function askAboutFeeRules(values: TemplateFormValues, saved_: BidTemplateView) {
    const before = saved_.home_loan_bid_template;
    setFeeDecision({ rules: saved_.conditional_rules.filter((rule) => rule.bid_field === 'application_fee_value'), from: before.application_fee_type, to: values.application_fee_type, base: before });
  }

  function submit(values: TemplateFormValues) {
    if (!template) {
      confirmChange({
        title: cloneOf ? 'Create the copy?' : 'Create this bid template?',
        message: cloneOf
          ? 'A new template is made with these details and the conditional and location rules of the one you copied. Its qualifying rules start again, and auto-bidding is off.'
          : 'The template is saved with these details. Next you choose the loans it bids on.',
        confirm: 'Yes, create it',
        onConfirm: () => createTemplate(values),
      });
      return;
    }
    // spec 3 §4 step 2: an unchanged template skips the save and the confirmation.
    if (!form.isDirty()) return onDone(template, false);
    const feeRules = template.conditional_rules.filter((rule) => rule.bid_field === 'application_fee_value');
    if (values.application_fee_type !== template.home_loan_bid_template.application_fee_type && feeRules.length > 0) return askAboutFeeRules(values, template);
    confirmChange({ title: 'Save the changes?', message: 'The template’s bids use these details from now on.', confirm: 'Yes, save', onConfirm: () => update(values) });
  }

  /** A PDF uploaded and linked from its field: the form's baseline and value take the link; other changes stay. */
  function uploaded(field: TemplateFileField, link: string) {
    form.setInitialValues({ ...form.getInitialValues(), [field]: link });
    form.setFieldValue(field, link);
  }

  function onProviderChange(provider: ProviderOption | null) {
    form.setFieldValue('fsp_user_uuid', provider?.value ?? '');
    if (provider?.organisation_uuid) form.setFieldValue('organisation_uuid', provider.organisation_uuid);
    setOwner({
      ...owner,
      provider,
      organisation: provider?.organisation_uuid ? { value: provider.organisation_uuid, label: provider.organisation_name ?? '' } : owner.organisation,
      organisationFixed: provider?.financial_institution ?? false,
    });
  }

  return (
    <>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Bid details">
        <Stack gap="md">
          <FormErrorAlert title="The bid template was not saved" message={formError} />
          <FormSection title="Template">
            <TemplateSection form={form} owner={owner} onProviderChange={onProviderChange} product={template?.financial_institution_product ?? null} />
          </FormSection>
          <FormSection title="Rates" description="The comparison rate is worked out from the rates and fees, and checked against the one you declare.">
            <RatesSection form={form} />
          </FormSection>
          <FormSection title="Loan features">
            <LoanFeaturesSection form={form} />
          </FormSection>
          <FormSection title="Fees">
            <FeesSection form={form} />
          </FormSection>
          <FormSection title="Documents" description="What the customer provides to apply, and the documents you offer.">
            <DocumentsSection form={form} />
          </FormSection>
          <FormSection title="Offer details">
            <OfferTextsSection form={form} />
            {template ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {templateFiles.map(({ field, label }) => (
                  <TemplateFileUpload key={field} template={template} field={field} label={label} onUploaded={(link) => uploaded(field, link)} />
                ))}
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                Once the template is created you can upload the product disclosure statement and the key fact sheet as PDFs.
              </Text>
            )}
          </FormSection>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving && feeDecision === null} rightSection={<IconArrowRight size={16} />}>
              {template ? 'Save and continue' : cloneOf ? 'Create the copy' : 'Create and continue'}
            </Button>
          </Group>
        </Stack>
      </form>
      <FeeRulesModal
        pending={feeDecision}
        saving={change.isPending}
        onCancel={() => setFeeDecision(null)}
        onChoose={(choice) => {
          setFeeDecision(null);
          update(form.getValues(), choice);
        }}
      />
      <LeaveWithoutSavingModal blocker={blocker} what="This bid template has changes" />
    </>
  );
}
