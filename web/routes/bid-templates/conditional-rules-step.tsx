import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { useChangeBidTemplate, useReloadBidTemplate } from '../../features/bid-templates/api/change-bid-template';
import { confirmChange, isChangedMeanwhile, showChangedMeanwhile } from '../../features/bid-templates/components/changed-meanwhile';
import { ConditionalRulesTable } from '../../features/bid-templates/components/conditional-rules-table';
import { bidTemplateTexts } from '../../features/bid-templates/bid-template-texts';
import { modifiableBidFields } from '../../../domain/bid-template/rule-fields';
import { useWizardParams } from './wizard-context';

// The conditional step within 'Auto-Bidding Rules' (spec 3 §2 "Conditional rules list"): the rules that change
// the bid for the loans they match, with back and next.

export function ConditionalRulesStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const navigate = useNavigate();
  const change = useChangeBidTemplate(template);
  const reload = useReloadBidTemplate(uuid);
  const editable = mode !== 'view';
  const params = { mode, uuid };

  return (
    <Stack gap="md">
      <Paper p="lg" withBorder component="section" aria-label="Conditional rules">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={4}>Conditional rules</Title>
              <Text size="sm" c="dimmed">
                Change the bid for the loans a rule matches, for example a lower rate at a lower LVR. For each field the first rule that matches applies.
              </Text>
            </div>
            {editable && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules/template', params })}>
                Add a rule
              </Button>
            )}
          </Group>
          {template.conditional_rules.length === 0 ? (
            <Text size="sm" c="dimmed">
              No conditional rule: every loan gets the template’s own terms.
            </Text>
          ) : (
            <ConditionalRulesTable
              template={template}
              actions={
                editable
                  ? {
                      busy: change.isPending,
                      onEdit: (rule) => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules/rule', params, search: { rule: rule.uuid } }),
                      onDelete: (rule) =>
                        confirmChange({
                          title: 'Delete this rule?',
                          message: `The ${modifiableBidFields[rule.bid_field].label.toLowerCase()} rule will be deleted. You won't be able to recover it.`,
                          confirm: 'Yes, delete it',
                          onConfirm: () =>
                            change.mutate(
                              { kind: 'delete-conditional-rule', ruleUuid: rule.uuid },
                              {
                                onSuccess: () => notifications.show({ color: 'teal', title: bidTemplateTexts.deleted.title, message: 'The conditional rule was deleted.' }),
                                onError: (error) => (isChangedMeanwhile(error) ? showChangedMeanwhile(() => void reload()) : void reload()),
                              },
                            ),
                        }),
                    }
                  : undefined
              }
            />
          )}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/qualifying-rules', params })}>
          Back
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/review', params })}>
          Next: review
        </Button>
      </Group>
    </Stack>
  );
}
