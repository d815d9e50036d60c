import { Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { ruleFieldByName } from '../../../../domain/bid-template/rule-fields';
import { boundOf, placeOf } from '../../../../domain/bid-template/rules';
import { ConditionalRulesTable } from './conditional-rules-table';

type Props = {
  template: BidTemplateView;
  /** Opens the conditional rules to change them (spec 3 §2: from the review's modal, always in edit mode). */
  onEditConditionalRules: (() => void) | null;
};

/** What the template bids on, in words: its qualifying rules, its places and (in a modal) its conditional rules. */
export function TemplateRulesSummary({ template, onEditConditionalRules }: Props) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const places = template.location_list_type === 'whitelist' && template.location_rules.length > 0 ? template.location_rules.map(placeOf).join('; ') : 'Anywhere in Australia';
  const count = template.conditional_rules.length;
  return (
    <Paper p="lg" withBorder component="section" aria-label="Rules">
      <Stack gap="md">
        <Title order={4}>The loans it bids on</Title>
        <List size="sm" spacing={4}>
          {template.qualifying_rules.map((rule) => (
            <List.Item key={rule.rule_field}>
              {ruleFieldByName.get(rule.rule_field)?.label}: {boundOf(rule)}
            </List.Item>
          ))}
          <List.Item>Where: {places}</List.Item>
        </List>
        <Group justify="space-between">
          <Text size="sm">{count === 0 ? 'No conditional rule changes the bid.' : `${count} conditional ${count === 1 ? 'rule changes' : 'rules change'} the bid for the loans they match.`}</Text>
          {count > 0 && (
            <Button variant="light" size="xs" onClick={() => setRulesOpen(true)}>
              See the conditional rules
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={rulesOpen} onClose={() => setRulesOpen(false)} title="Conditional rules" size={750} centered>
        <Stack gap="md">
          <ConditionalRulesTable template={template} />
          {onEditConditionalRules && (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setRulesOpen(false);
                  onEditConditionalRules();
                }}
              >
                Change the rules
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </Paper>
  );
}
