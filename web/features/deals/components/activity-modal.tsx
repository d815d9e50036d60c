import { Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { dealLimits, notProceedingReasons } from '../../../../domain/deal/schemas';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { dateFormat } from '../../../lib/format';
import { failedSaveMessage } from '../../../lib/server-errors';
import { type ActivityFormValues, activityFields, activityFormErrors, activityValuesOf } from '../activity-form';
import { useAddActivity, useEditActivity } from '../api/change-activity';
import { addActivityLabels, notProceedingReasonLabels } from '../deal-labels';

/** What the dialog does: add an activity of a type to the deal, or edit one (its values, never its type). */
export type ActivityDialog = { kind: 'add'; dealUuid: string; initial: ActivityFormValues } | { kind: 'edit'; activityUuid: string; initial: ActivityFormValues };

const reasonOptions = notProceedingReasons.map((value) => ({ value, label: notProceedingReasonLabels[value] }));
const fields = ['amount', 'description', 'activity_date', 'settled_lender', 'reason'] as const;

/** spec 1 §9: the note dialog is 580 wide, the other deal dialogs 750. */
export const activityDialogWidth = (type: ActivityFormValues['activity_type']) => (type === 'note' ? 580 : 750);

export function ActivityModal({ dialog, today, onClose }: { dialog: ActivityDialog | null; today: string; onClose: () => void }) {
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      centered
      size={dialog ? activityDialogWidth(dialog.initial.activity_type) : 750}
      title={dialog ? `${dialog.kind === 'add' ? 'Add' : 'Edit'} activity: ${addActivityLabels[dialog.initial.activity_type]}` : ''}
    >
      {/* Keyed so every opening starts from its own values. */}
      {dialog && <ActivityForm key={dialog.kind === 'add' ? `add-${dialog.initial.activity_type}` : dialog.activityUuid} dialog={dialog} today={today} onDone={onClose} />}
    </Modal>
  );
}

function ActivityForm({ dialog, today, onDone }: { dialog: ActivityDialog; today: string; onDone: () => void }) {
  const add = useAddActivity();
  const edit = useEditActivity();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ActivityFormValues>({ initialValues: dialog.initial, validate: (values) => activityFormErrors(values, today) });
  const type = dialog.initial.activity_type;
  const shows = activityFields(type);
  const pending = add.isPending || edit.isPending;

  function submit(values: ActivityFormValues) {
    setFormError(null);
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Success!', message: dialog.kind === 'add' ? `${addActivityLabels[type]} was added to the deal.` : 'The activity was updated.' });
        onDone();
      },
      onError: (error: unknown) =>
        setFormError(
          failedSaveMessage(error, {
            prefix: '',
            fields,
            setFieldError: form.setFieldError,
            byStatus: { 404: 'This deal or activity no longer exists.', 403: 'You may not change this deal.', 409: 'The deal has moved on: this step no longer fits. Reload the page to see it.' },
            otherwise: 'The activity was not saved. Please try again in a moment.',
          }),
        ),
    };
    const activityValues = activityValuesOf(values);
    if (dialog.kind === 'add') add.mutate({ dealUuid: dialog.dealUuid, operation: type, values: activityValues }, callbacks);
    else edit.mutate({ activityUuid: dialog.activityUuid, values: activityValues }, callbacks);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        {shows.amount && (
          <NumberInput
            label={type === 'closed_won' ? 'Closed Won Value' : 'Application Value'}
            withAsterisk
            prefix="$"
            thousandSeparator=","
            decimalScale={0}
            min={dealLimits.minAmount}
            max={dealLimits.maxAmount}
            // The user sees the rule's message rather than a number changed under their hands.
            clampBehavior="none"
            data-autofocus
            {...form.getInputProps('amount')}
          />
        )}
        {shows.settledLender && <TextInput label="Settled lender" maxLength={dealLimits.settledLenderMaxLength} {...form.getInputProps('settled_lender')} />}
        {shows.reason && <Select label="Reason" withAsterisk placeholder="Why is the deal not proceeding?" data={reasonOptions} {...form.getInputProps('reason')} />}
        <DateInput
          label="Date"
          withAsterisk
          valueFormat={dateFormat}
          placeholder="DD/MM/YYYY"
          minDate={dealLimits.earliestActivityDate}
          maxDate={today}
          {...form.getInputProps('activity_date')}
        />
        <Textarea
          label={shows.noteRequired ? 'Note' : 'Details'}
          withAsterisk={shows.noteRequired}
          autosize
          minRows={3}
          maxRows={10}
          description={`${form.values.description.length} / ${dealLimits.maxNoteLength}`}
          data-autofocus={!shows.amount || undefined}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {dialog.kind === 'add' ? 'Add activity' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
