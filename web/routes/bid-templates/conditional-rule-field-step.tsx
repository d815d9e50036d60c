import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { type ModifiableBidField, modifiableBidFieldNames, modifiableBidFields } from '../../../domain/bid-template/rule-fields';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { baseValueOf, shownValue } from '../../features/bid-templates/conditional-rule-words';
import { useWizardParams } from './wizard-context';

// The conditional rule field screen (spec 3 §2): which bid field a new rule changes, with the template's value of
// each (`GET /v2/template_bid_fields` names the same fields).

export function ConditionalRuleFieldStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const navigate = useNavigate();
  const [field, setField] = useState<ModifiableBidField | null>(null);
  const details = template.home_loan_bid_template;
  const params = { mode, uuid };
  return (
    <Stack gap="md">
      <Paper p="lg" withBorder component="section" aria-label="Bid field">
        <Stack gap="md">
          <div>
            <Title order={4}>What the rule changes</Title>
            <Text size="sm" c="dimmed">
              Choose the part of the bid this rule changes for the loans it matches.
            </Text>
          </div>
          <Select
            label="Bid field"
            placeholder="Choose a field"
            data={modifiableBidFieldNames.map((name) => ({ value: name, label: `${modifiableBidFields[name].label} (now ${shownValue(name, baseValueOf(name, details), details)})` }))}
            value={field}
            onChange={(value) => setField(modifiableBidFieldNames.find((name) => name === value) ?? null)}
            w={{ base: '100%', sm: 420 }}
          />
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules', params })}>
          Back
        </Button>
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={!field}
          onClick={() => field && void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules/rule', params, search: { field } })}
        >
          Next: the conditions
        </Button>
      </Group>
    </Stack>
  );
}
