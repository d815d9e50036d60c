import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconRestore } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { BidWarning, BidWarningCode } from '../../../../domain/bid/rules';
import { type BidForm as BidFormData, type BidType, bidFormSchema } from '../../../../domain/bid/schemas';
import type { BidView } from '../../../../contracts/bid';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { failedSaveMessage } from '../../../lib/server-errors';
import { type BidTarget, useSaveBid } from '../api/save-bid';
import { type BidContext, type BidFormValues, toBidFormDraft } from '../../../components/bid-form/bid-form-values';
import type { BidPostSummary } from '../bid-post-summary';
import { bidRefusalOf } from '../bid-refusal';
import { BidTypeSection } from './bid-type-section';
import { BidWarningsModal } from './bid-warnings-modal';
import { DocumentsSection } from '../../../components/bid-form/documents-section';
import { FeesSection } from '../../../components/bid-form/fees-section';
import { FormSection } from '../../../components/bid-form/form-section';
import { LeaveWithoutSavingModal } from '../../../components/leave-without-saving-modal';
import { LoanFeaturesSection } from '../../../components/bid-form/loan-features-section';
import { LoanSummary } from './loan-summary';
import { type LvrBlockFacts, LvrBlockModal } from './lvr-block-modal';
import { OfferTextsSection } from '../../../components/bid-form/offer-texts-section';
import { RatesSection } from '../../../components/bid-form/rates-section';

type Props = {
  post: BidPostSummary;
  target: BidTarget;
  context: BidContext;
  initialValues: BidFormValues;
  /** The bid types this provider may choose (spec 3 §5 permissions). */
  bidTypes: readonly BidType[];
  submitLabel: string;
  /** The bid was saved; the page moves on (nothing blocks leaving then). */
  onSaved: (bid: BidView) => void;
  onCancel: () => void;
};

/** A refused bid waiting for 'Yes, continue!': the same bid is sent again with its warnings confirmed. */
type Unconfirmed = { bid: BidFormData; warnings: BidWarning[]; confirmed: BidWarningCode[] };

/** The paths a 422 `errors` map may name under `home_loan_bid.` (document rows by index). */
const fieldPaths = (values: BidFormValues): string[] => [
  ...Object.keys(values),
  ...values.required_documents.flatMap((_, i) => ['document_type', 'description', 'quantity', 'mandatory'].map((field) => `required_documents.${i}.${field}`)),
  ...values.optional_documents.map((_, i) => `optional_documents.${i}.document`),
];

/**
 * The bid form (spec 3 §3 "Bid form options", §5) checked with the API's schema, the post's loan beside it, and the
 * answers of the server: the LVR block dialog, the warnings to confirm, field errors on their fields.
 */
export function BidForm({ post, target, context, initialValues, bidTypes, submitLabel, onSaved, onCancel }: Props) {
  const save = useSaveBid();
  const [formError, setFormError] = useState<string | null>(null);
  const [lvrBlock, setLvrBlock] = useState<LvrBlockFacts | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  const form = useForm<BidFormValues>({
    initialValues,
    validate: (values) => schemaResolver(bidFormSchema, { sync: true })(toBidFormDraft(values, context)),
  });

  // spec 3 §5: unsaved changes ask before leaving; a saved bid leaves freely.
  const saved = useRef(false);
  const hasUnsavedChanges = () => !saved.current && form.isDirty();
  const blocker = useBlocker({ shouldBlockFn: hasUnsavedChanges, enableBeforeUnload: hasUnsavedChanges, withResolver: true });

  async function send(bid: BidFormData, confirmed: BidWarningCode[]) {
    setFormError(null);
    try {
      const bidView = await save.mutateAsync({ target, bid, confirmedWarnings: confirmed });
      setUnconfirmed(null);
      saved.current = true;
      onSaved(bidView);
    } catch (error) {
      const refusal = bidRefusalOf(error);
      if (refusal?.kind === 'warnings') {
        setUnconfirmed({ bid, warnings: refusal.warnings, confirmed: [...new Set([...confirmed, ...refusal.warnings.map((warning) => warning.code)])] });
        return;
      }
      setUnconfirmed(null);
      if (refusal?.kind === 'lvr') {
        setLvrBlock(refusal);
        form.setFieldError('maximum_lvr', `The ${post.product}'s LVR is above your maximum LVR`);
        return;
      }
      // A business rule (the post no longer open, a bid type not allowed) carries its own message.
      const ruleMessage = isApiError(error) && [403, 409, 422].includes(error.status) ? error.detail : undefined;
      setFormError(
        failedSaveMessage(error, {
          prefix: 'home_loan_bid',
          fields: fieldPaths(form.getValues()),
          setFieldError: (field, message) => form.setFieldError(field, message),
          otherwise: ruleMessage ?? 'The bid could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  function submit(values: BidFormValues) {
    const parsed = bidFormSchema.safeParse(toBidFormDraft(values, context));
    if (!parsed.success) return; // validate() above shows why
    void send(parsed.data, []);
  }

  function confirmReset() {
    modals.openConfirmModal({
      title: 'Reset the form?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: <Text size="sm">Everything you changed in this bid goes back to how it was. This cannot be undone.</Text>,
      labels: { confirm: 'Yes, reset it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        form.reset();
        setFormError(null);
      },
    });
  }

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Bid">
            <Stack gap="md">
              <FormErrorAlert title="The bid was not saved" message={formError} />
              <FormSection title="Your offer">
                <BidTypeSection form={form} bidTypes={bidTypes} postLoanAmount={post.loanAmount} context={context} />
              </FormSection>
              <FormSection title="Rates">
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
              </FormSection>
              <Group justify="space-between">
                <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} />} onClick={confirmReset} disabled={save.isPending}>
                  Reset form
                </Button>
                <Group gap="sm">
                  <Button variant="default" onClick={onCancel} disabled={save.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={save.isPending && unconfirmed === null}>
                    {submitLabel}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LoanSummary post={post} bid={form.values} />
        </Grid.Col>
      </Grid>
      <LvrBlockModal facts={lvrBlock} product={post.product} onClose={() => setLvrBlock(null)} />
      <BidWarningsModal
        warnings={unconfirmed?.warnings ?? null}
        sending={save.isPending}
        onConfirm={() => unconfirmed && void send(unconfirmed.bid, unconfirmed.confirmed)}
        onCancel={() => setUnconfirmed(null)}
      />
      <LeaveWithoutSavingModal blocker={blocker} what="Your bid has changes" />
    </>
  );
}
