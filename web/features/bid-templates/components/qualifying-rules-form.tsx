import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { bidTemplateErrors } from '../../../../domain/bid-template/decider';
import { ruleFieldByName } from '../../../../domain/bid-template/rule-fields';
import { templateRuleMessages } from '../../../../domain/bid-template/rules';
import { LeaveWithoutSavingModal } from '../../../components/leave-without-saving-modal';
import { isApiError } from '../../../lib/api-error';
import { useChangeBidTemplate, useReloadBidTemplate } from '../api/change-bid-template';
import { bidTemplateTexts } from '../bid-template-texts';
import { qualifyingRulesOf, qualifyingValuesOf, requiredRuleFields, type TestValues, testErrors } from '../rule-values';
import { confirmChange, isChangedMeanwhile, showChangedMeanwhile } from './changed-meanwhile';
import { RuleTestInputs } from './rule-test-inputs';

type Props = {
  template: BidTemplateView;
  editable: boolean;
  /** Shown below the rules, above Back and Next (where the template bids). */
  children?: ReactNode;
  onBack: () => void;
  onNext: () => void;
};

const warnMissing = () => notifications.show({ color: 'yellow', title: 'Qualifying rules', message: templateRuleMessages.missingQualifyingRules });

/** Which rows count: the required ranges, and the others once something is entered. */
const counted = (row: TestValues) => requiredRuleFields.includes(row.rule_field) || row.min !== '' || row.max !== '' || row.choices.length > 0;

/**
 * The qualifying rules (spec 3 §3, §4 steps 6, 9, 10; §5): a post failing any of them gets no bid. Loan amount and
 * LVR always have both ends; other fields are open until something is entered. Saving asks first; declining reloads.
 */
export function QualifyingRulesForm({ template, editable, children, onBack, onNext }: Props) {
  const change = useChangeBidTemplate(template);
  const reloadTemplate = useReloadBidTemplate(template.uuid);
  const initial = useRef(qualifyingValuesOf(template.qualifying_rules));
  const [rows, setRows] = useState<TestValues[]>(initial.current);
  const [showErrors, setShowErrors] = useState(false);
  const dirty = JSON.stringify(qualifyingRulesOf(rows)) !== JSON.stringify(qualifyingRulesOf(initial.current));
  const saved = useRef(false);
  const blocker = useBlocker({ shouldBlockFn: () => editable && dirty && !saved.current, enableBeforeUnload: () => editable && dirty && !saved.current, withResolver: true });
  async function reload() {
    const fresh = await reloadTemplate();
    if (!fresh) return;
    initial.current = qualifyingValuesOf(fresh.qualifying_rules);
    setRows(initial.current);
    setShowErrors(false);
  }
  const errorsOf = (row: TestValues) => (showErrors && counted(row) ? testErrors(row) : {});

  function next() {
    if (!editable || !dirty) return onNext();
    setShowErrors(true);
    const invalid = rows.filter(counted).map(testErrors);
    if (invalid.some((errors) => Object.keys(errors).length > 0)) {
      if (invalid.some((errors) => Object.values(errors).includes(templateRuleMessages.informValue))) warnMissing();
      return;
    }
    confirmChange({
      title: 'Save the qualifying rules?',
      message: 'The template bids only on loans that pass every one of these rules.',
      confirm: 'Yes, save',
      // spec 3 §4 step 10: declining aborts and reloads the template.
      onDecline: () => void reload(),
      onConfirm: () =>
        change.mutate(
          { kind: 'qualifying-rules', rules: qualifyingRulesOf(rows) },
          {
            onSuccess: () => {
              saved.current = true;
              notifications.show({ color: 'teal', title: bidTemplateTexts.success, message: 'The qualifying rules were saved.' });
              onNext();
            },
            onError: (error) => {
              if (isChangedMeanwhile(error)) return showChangedMeanwhile(() => void reload());
              if (isApiError(error) && error.code === bidTemplateErrors.missingQualifyingRules) return warnMissing();
              notifications.show({ color: 'red', title: 'The qualifying rules were not saved', message: isApiError(error, 422) && error.detail ? error.detail : 'Please try again in a moment.' });
              void reload();
            },
          },
        ),
    });
  }

  return (
    <Stack gap="md">
    <Paper p="lg" withBorder component="section" aria-label="Qualifying rules">
      <Stack gap="md">
        <div>
          <Title order={4}>Qualifying rules</Title>
          <Text size="sm" c="dimmed">
            The template bids only on loans that pass every rule. A choice left empty means any.
          </Text>
        </div>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={220}>Rule</Table.Th>
                <Table.Th>Loans it bids on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const field = ruleFieldByName.get(row.rule_field);
                return (
                  <Table.Tr key={row.rule_field} data-testid="qualifying-rule">
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {field?.label}
                        </Text>
                        {requiredRuleFields.includes(row.rule_field) && (
                          <Badge size="xs" variant="light" color="gray">
                            required
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <RuleTestInputs
                        values={row}
                        errors={errorsOf(row)}
                        readOnly={!editable}
                        onChange={(changes) => setRows((current) => current.map((candidate, i) => (i === index ? { ...candidate, ...changes } : candidate)))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
    {children}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back
          </Button>
          <Button rightSection={<IconArrowRight size={16} />} loading={change.isPending} onClick={next}>
            {editable && dirty ? 'Save and continue' : 'Next: conditional rules'}
          </Button>
        </Group>
      <LeaveWithoutSavingModal blocker={blocker} what="The qualifying rules have changes" />
    </Stack>
  );
}
