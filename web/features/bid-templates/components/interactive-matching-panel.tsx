import { Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { interactiveMatchingValidity } from '../../../../domain/bid-template/interactive-matching';
import { showErrorToast } from '../../../lib/error-toast';
import { useSetInteractiveMatching } from '../api/set-interactive-matching';
import { bidTemplateTexts } from '../bid-template-texts';

// spec 3 §4 "Interactive matching": whether the comparison tool may offer this template, valid 1 to 7 days, the
// expiry shown YYYY-MM-DD. Saved on its own (the review step's Finish saves auto-bidding).

const validities = Array.from({ length: interactiveMatchingValidity.max - interactiveMatchingValidity.min + 1 }, (_, index) => String(index + interactiveMatchingValidity.min));

export function InteractiveMatchingPanel({ template }: { template: BidTemplateView }) {
  const [on, setOn] = useState(template.interactive_matching);
  const [validFor, setValidFor] = useState(template.interactive_matching_valid_for ?? interactiveMatchingValidity.max);
  const set = useSetInteractiveMatching(template);
  const touched = on !== template.interactive_matching || (on && validFor !== template.interactive_matching_valid_for);
  const save = () =>
    set.mutate(
      { on, validFor },
      { onSuccess: () => notifications.show({ color: 'teal', title: bidTemplateTexts.success, message: on ? 'Interactive matching is on.' : 'Interactive matching is off.' }), onError: showErrorToast },
    );
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Interactive matching
      </Title>
      <Stack gap="sm">
        <Checkbox
          label="Offer in the comparison tool"
          description="Visitors comparing loans are shown this template's offer when their loan meets its rules."
          checked={on}
          disabled={set.isPending}
          onChange={(event) => setOn(event.currentTarget.checked)}
        />
        {template.interactive_matching && template.interactive_matching_expiration_date && (
          <Text size="sm" data-testid="interactive-matching-expiry">
            Offered until {template.interactive_matching_expiration_date} (valid for {template.interactive_matching_valid_for} days).
          </Text>
        )}
        {on && (
          <Select
            label="Valid for"
            data={validities.map((days) => ({ value: days, label: days === '1' ? '1 day' : `${days} days` }))}
            value={String(validFor)}
            allowDeselect={false}
            disabled={set.isPending}
            w={200}
            onChange={(days) => days && setValidFor(Number(days))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="light" onClick={save} loading={set.isPending} disabled={!touched}>
            Save interactive matching
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
