import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { modifiableBidFields } from '../../../../domain/bid-template/rule-fields';
import { conditionsInWords, finalValueInWords, modifierInWords } from '../conditional-rule-words';

type Rule = BidTemplateView['conditional_rules'][number];
type Props = {
  template: BidTemplateView;
  /** Edit and delete, for those who may change the template. */
  actions?: { onEdit: (rule: Rule) => void; onDelete: (rule: Rule) => void; busy: boolean };
};

/**
 * A template's conditional rules in their order (spec 3 §3): the bid field, when the rule applies, the change and
 * the value it gives (spec 3 §5 "Modifier final value"). For each field the first rule whose conditions hold wins.
 */
export function ConditionalRulesTable({ template, actions }: Props) {
  const details = template.home_loan_bid_template;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bid field</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>The bid gets</Table.Th>
            {actions && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {template.conditional_rules.map((rule) => {
            const label = modifiableBidFields[rule.bid_field].label;
            return (
              <Table.Tr key={rule.uuid} data-testid="conditional-rule">
                <Table.Td fw={500}>{label}</Table.Td>
                <Table.Td>
                  <Text size="sm">{conditionsInWords(rule)}</Text>
                </Table.Td>
                <Table.Td>{modifierInWords(rule, details)}</Table.Td>
                <Table.Td>{finalValueInWords(rule.bid_field, rule.modifier, details)}</Table.Td>
                {actions && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit" withArrow>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Edit the ${label} rule`} onClick={() => actions.onEdit(rule)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete" withArrow>
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete the ${label} rule`} disabled={actions.busy} onClick={() => actions.onDelete(rule)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
