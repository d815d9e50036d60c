import { Alert, Button, Group, Input, Paper, Rating, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { reviewInputSchema, reviewLimits } from '../../../../domain/review/schemas';
import type { ReviewContextView } from '../../../../contracts/review';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useSubmitReview } from '../api/submit-review';
import { reviewErrorMessages } from '../review-errors';
import { ReviewStatusBadge } from './review-status-badge';

type Values = { rating: number; description: string };

const label = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** The form's own check with the domain's schema; errors read "key plus value" as the server's do (spec 1 §8). */
function validate(values: Values): Record<string, string> {
  const parsed = reviewInputSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), `${label(String(issue.path[0]))} ${issue.message}`]));
}

type Props = {
  context: ReviewContextView;
  /** An admin rates on behalf of a customer chosen here (spec 1 §9); the post's customer is the only choice. */
  onBehalf: boolean;
  onSent: () => void;
};

/** The rating page's form (spec 1 §2 "/fsp-review", §5 "Rating: form valid; rating at least 1; a comment is accepted"). */
export function RatingForm({ context, onBehalf, onSent }: Props) {
  const submit = useSubmitReview();
  const [failure, setFailure] = useState<string | null>(null);
  const moderated = context.review !== null && context.review.status !== 'pending';
  const form = useForm<Values>({
    initialValues: { rating: context.review?.rating ?? 0, description: context.review?.description ?? '' },
    validate,
  });
  const providerName = [context.provider.full_name, context.provider.organisation_name].filter(Boolean).join(' · ') || 'this provider';

  const send = form.onSubmit((values) => {
    setFailure(null);
    submit.mutate(
      { post_uuid: context.post_uuid, fsp_uuid: context.provider.uuid, ...(onBehalf ? { customer_uuid: context.customer.uuid } : {}), rating: values.rating, description: values.description },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Review sent successfully!', message: 'An admin checks it before it is shown on the provider’s profile.' });
          onSent();
        },
        onError: (error) => setFailure(reviewErrorMessages(error).join(' ')),
      },
    );
  });

  return (
    <Paper p="lg" maw={640}>
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3}>Rate {providerName}</Title>
            <Text size="sm" c="dimmed">
              How was your experience with this provider on your home loan?
            </Text>
          </div>
          {context.review && (
            <Group gap="xs">
              <Text size="sm">{onBehalf ? 'The customer’s review:' : 'Your review:'}</Text>
              <ReviewStatusBadge status={context.review.status} />
            </Group>
          )}
          {moderated && (
            <Alert color="gray" icon={<IconInfoCircle />}>
              This review has already been moderated and can no longer be changed.
            </Alert>
          )}
          <FormErrorAlert message={failure} />
          {onBehalf && (
            <Select
              label="Customer"
              description="An admin rates on behalf of the post’s customer."
              data={[{ value: context.customer.uuid, label: context.customer.full_name ?? context.customer.uuid }]}
              value={context.customer.uuid}
              allowDeselect={false}
              readOnly
            />
          )}
          <Input.Wrapper label="Rating" required error={form.errors.rating}>
            {/* A name needs a role: the stars are radio buttons while they can be changed, a picture of the rating after. */}
            <Rating
              size="xl"
              mt={4}
              {...form.getInputProps('rating')}
              readOnly={moderated}
              role={moderated ? 'img' : 'radiogroup'}
              aria-label={moderated ? `Rating: ${form.values.rating} of 5` : 'Rating'}
              data-testid="rating-stars"
            />
          </Input.Wrapper>
          <Textarea
            label="Comment"
            placeholder="What went well, and what could be better?"
            autosize
            minRows={4}
            maxLength={reviewLimits.maxDescriptionLength + 1}
            disabled={moderated}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending} disabled={moderated}>
              {context.review ? 'Update review' : 'Send review'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
