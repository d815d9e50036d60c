import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { type AutoBidImprovement, improvementCountLimits, improvementErrors, improvementStepLimits } from '../../../../domain/bid-template/improvement';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/error-toast';
import { formatPercent } from '../../../lib/format';
import { useSetImprovement } from '../api/set-improvement';
import { bidTemplateTexts } from '../bid-template-texts';

// Floor and step (docs/auto-bidding.md "Floor and step", beyond the spec): when another organisation's bid beats one
// of this template's auto-bids, the auto-bid improves by one step, never below the floor, at most so many times per
// post. Checked with the API's own rules (`improvementErrors`) and saved on its own, like interactive matching.

type Draft = { floor_comparison_rate: number | string; step: number | string; max_improvements_per_post: number | string };
const toNumber = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value));

/** The setting in words (the view mode and the panel's saved state). */
export const improvementInWords = (improvement: AutoBidImprovement) =>
  `Improves by ${formatPercent(improvement.step)} when outbid, down to ${formatPercent(improvement.floor_comparison_rate)}, at most ${improvement.max_improvements_per_post} ${improvement.max_improvements_per_post === 1 ? 'time' : 'times'} per post.`;

export function ImprovementPanel({ template, readOnly = false }: { template: BidTemplateView; readOnly?: boolean }) {
  const saved = template.improvement;
  const [on, setOn] = useState(saved !== null);
  const [draft, setDraft] = useState<Draft>(saved ?? { floor_comparison_rate: '', step: 0.05, max_improvements_per_post: 3 });
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const set = useSetImprovement(template);
  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[`improvement.${name}`]?.join(' '),
    disabled: set.isPending,
    onChange: (value: number | string) => setDraft((current) => ({ ...current, [name]: value })),
  });
  const save = () => {
    const sent = on ? { floor_comparison_rate: toNumber(draft.floor_comparison_rate), step: toNumber(draft.step), max_improvements_per_post: toNumber(draft.max_improvements_per_post) } : null;
    const checked = sent === null ? null : improvementErrors(sent, template.comparison_rate);
    if (checked && !checked.ok) return setErrors(checked.errors);
    setErrors({});
    set.mutate(checked ? checked.improvement : null, {
      onSuccess: () => notifications.show({ color: 'teal', title: bidTemplateTexts.success, message: on ? 'Improving when outbid is on.' : 'Improving when outbid is off.' }),
      onError: (error) => (isApiError(error) && Object.keys(error.errors).length > 0 ? setErrors(error.errors) : showErrorToast(error)),
    });
  };
  return (
    <Paper withBorder p="md" data-testid="improvement-panel">
      <Title order={4} mb="sm">
        Improve when outbid
      </Title>
      {readOnly ? (
        <Text size="sm">{saved ? improvementInWords(saved) : 'Its auto-bids keep their rates when outbid.'}</Text>
      ) : (
        <Stack gap="sm">
          <Checkbox
            label="Improve when outbid"
            description="When another organisation's bid beats one of this template's auto-bids, the auto-bid lowers its interest and comparison rates by one step, never below the floor."
            checked={on}
            disabled={set.isPending}
            onChange={(event) => setOn(event.currentTarget.checked)}
          />
          {saved && <Text size="sm" data-testid="improvement-saved">{improvementInWords(saved)}</Text>}
          {on && (
            <Group align="flex-start">
              <NumberInput
                label="Floor (comparison rate %)"
                description={`Below ${formatPercent(template.comparison_rate)}`}
                {...field('floor_comparison_rate')}
                decimalScale={2}
                fixedDecimalScale
                clampBehavior="none"
                allowNegative={false}
                w={200}
              />
              <NumberInput
                label="Step (%)"
                description={`${formatPercent(improvementStepLimits.min)} to ${formatPercent(improvementStepLimits.max)}`}
                {...field('step')}
                decimalScale={2}
                fixedDecimalScale
                clampBehavior="none"
                allowNegative={false}
                w={200}
              />
              <NumberInput
                label="Improvements per post"
                description={`${improvementCountLimits.min} to ${improvementCountLimits.max}`}
                {...field('max_improvements_per_post')}
                allowDecimal={false}
                clampBehavior="none"
                allowNegative={false}
                w={200}
              />
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="light" onClick={save} loading={set.isPending}>
              Save improvement
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
