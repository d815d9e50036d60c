import { ActionIcon, Alert, Button, Group, Input, NumberInput, Paper, SegmentedControl, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { type Modifier, type ModifierType, modifierLabels, modifierTypes } from '../../../../domain/bid-template/modifiers';
import { type ModifiableBidField, modifiableBidFields, ruleFieldByName, ruleFields } from '../../../../domain/bid-template/rule-fields';
import type { ConditionOperator } from '../../../../domain/bid-template/rules';
import { modifierErrors } from '../../../../domain/bid-template/schemas';
import { LeaveWithoutSavingModal } from '../../../components/leave-without-saving-modal';
import { isApiError } from '../../../lib/api-error';
import { useChangeBidTemplate, useReloadBidTemplate } from '../api/change-bid-template';
import { bidTemplateTexts } from '../bid-template-texts';
import { baseValueOf, finalValueInWords, shownValue } from '../conditional-rule-words';
import { type NumberValue, type TestValues, testErrors, testOf, testValuesOf } from '../rule-values';
import { isChangedMeanwhile, showChangedMeanwhile } from './changed-meanwhile';
import { RuleTestInputs } from './rule-test-inputs';

type Rule = BidTemplateView['conditional_rules'][number];
type Props = {
  template: BidTemplateView;
  field: ModifiableBidField;
  /** The rule to change; null: a new one. */
  rule: Rule | null;
  editable: boolean;
  onDone: () => void;
};

type Values = { operator: ConditionOperator; conditions: TestValues[]; type: ModifierType; number: NumberValue; flag: boolean };

/** spec 3 §5: a flag takes yes or no; a number any of the other changes. */
const modifiersFor = (field: ModifiableBidField): ModifierType[] => modifierTypes.filter((type) => (type === 'new_boolean_value') === (modifiableBidFields[field].field_type === 'other'));

function valuesOf(field: ModifiableBidField, rule: Rule | null): Values {
  if (!rule) return { operator: 'all', conditions: [{ rule_field: 'maximum_lvr', min: '', max: '', choices: [] }], type: modifiersFor(field)[0] ?? 'new_value', number: '', flag: true };
  const modifier = rule.modifier;
  return {
    operator: rule.operator,
    conditions: rule.conditions.map(testValuesOf),
    type: modifier.type,
    number: modifier.type === 'new_boolean_value' ? '' : modifier.value,
    flag: modifier.type === 'new_boolean_value' ? modifier.value : true,
  };
}

const modifierOf = (values: Values): Modifier | null =>
  values.type === 'new_boolean_value' ? { type: 'new_boolean_value', value: values.flag } : typeof values.number === 'number' ? { type: values.type, value: values.number } : null;

/**
 * A conditional rule (spec 3 §2 "Conditional rule screen", §3, §5): the conditions on the post (all or any of them)
 * and one change to the bid field, with the value the bid then gets, worked out by the domain's own formula.
 */
export function ConditionalRuleForm({ template, field, rule, editable, onDone }: Props) {
  const change = useChangeBidTemplate(template);
  const reload = useReloadBidTemplate(template.uuid);
  const initial = useRef(valuesOf(field, rule));
  const [values, setValues] = useState<Values>(initial.current);
  const [tried, setTried] = useState(false);
  const saved = useRef(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial.current);
  const blocker = useBlocker({ shouldBlockFn: () => editable && dirty && !saved.current, enableBeforeUnload: () => editable && dirty && !saved.current, withResolver: true });
  const details = template.home_loan_bid_template;
  const bidField = modifiableBidFields[field];
  const modifier = modifierOf(values);
  const modifierError = modifier ? modifierErrors(field, modifier, details.application_fee_type)[0] : 'This field is required';
  const conditionErrors = values.conditions.map(testErrors);
  const invalid = Boolean(modifierError) || conditionErrors.some((errors) => Object.keys(errors).length > 0);
  const set = (changes: Partial<Values>) => setValues((current) => ({ ...current, ...changes }));
  const setCondition = (index: number, changes: Partial<TestValues>) => set({ conditions: values.conditions.map((condition, i) => (i === index ? { ...condition, ...changes } : condition)) });
  const percentValue = values.type === 'percentage_discount' || bidField.field_type === 'percentage' || (field === 'application_fee_value' && details.application_fee_type === '%');

  function save() {
    setTried(true);
    if (invalid || !modifier) return;
    change.mutate(
      { kind: 'save-conditional-rule', ruleUuid: rule?.uuid ?? null, rule: { bid_field: field, operator: values.operator, conditions: values.conditions.map(testOf), modifier } },
      {
        onSuccess: () => {
          saved.current = true;
          notifications.show({ color: 'teal', title: bidTemplateTexts.success, message: `The ${bidField.label.toLowerCase()} rule was saved.` });
          onDone();
        },
        onError: (error) => {
          if (isChangedMeanwhile(error)) return showChangedMeanwhile(() => void reload());
          notifications.show({ color: 'red', title: 'The rule was not saved', message: isApiError(error, 422) && error.detail ? error.detail : 'Please try again in a moment.' });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Paper p="lg" withBorder component="section" aria-label="Conditions">
        <Stack gap="md">
          <div>
            <Title order={4}>When the loan matches</Title>
            <Text size="sm" c="dimmed">
              With no condition the rule always applies.
            </Text>
          </div>
          {values.conditions.length > 1 && (
            <Input.Wrapper label="Apply when the loan matches">
              <div>
                <SegmentedControl
                  mt={4}
                  aria-label="Apply when the loan matches"
                  readOnly={!editable}
                  data={[
                    { value: 'all', label: 'All the conditions' },
                    { value: 'any', label: 'Any of them' },
                  ]}
                  value={values.operator}
                  onChange={(operator) => set({ operator: operator as ConditionOperator })}
                />
              </div>
            </Input.Wrapper>
          )}
          {values.conditions.map((condition, index) => (
            <Group key={index} align="flex-start" gap="sm" wrap="nowrap" data-testid="condition">
              <Select
                aria-label={`Condition ${index + 1}`}
                data={ruleFields.map((candidate) => ({ value: candidate.name, label: candidate.label }))}
                value={condition.rule_field}
                allowDeselect={false}
                readOnly={!editable}
                w={200}
                onChange={(name) => {
                  const next = ruleFieldByName.get(name as TestValues['rule_field']);
                  if (next) setCondition(index, { rule_field: next.name, min: '', max: '', choices: [] });
                }}
              />
              <RuleTestInputs values={condition} errors={tried ? (conditionErrors[index] ?? {}) : {}} readOnly={!editable} onChange={(changes) => setCondition(index, changes)} />
              {editable && (
                <Tooltip label="Remove the condition" withArrow>
                  <ActionIcon mt={4} variant="subtle" color="red" aria-label={`Remove condition ${index + 1}`} onClick={() => set({ conditions: values.conditions.filter((_, i) => i !== index) })}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
          {editable && (
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set({ conditions: [...values.conditions, { rule_field: 'loan_amount', min: '', max: '', choices: [] }] })}>
                Add a condition
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper p="lg" withBorder component="section" aria-label="Change">
        <Stack gap="md">
          <div>
            <Title order={4}>Change to {bidField.label.toLowerCase()}</Title>
            <Text size="sm" c="dimmed">
              The template’s own value: {shownValue(field, baseValueOf(field, details), details)}.
            </Text>
          </div>
          <Group align="flex-start" gap="sm">
            <Select
              label="Change"
              data={modifiersFor(field).map((type) => ({ value: type, label: modifierLabels[type] }))}
              value={values.type}
              allowDeselect={false}
              readOnly={!editable}
              w={220}
              onChange={(type) => set({ type: type as ModifierType })}
            />
            {values.type === 'new_boolean_value' ? (
              <Input.Wrapper label="Value">
                <div>
                  <SegmentedControl
                    mt={4}
                    aria-label="Value"
                    readOnly={!editable}
                    data={[
                      { value: 'yes', label: 'Yes' },
                      { value: 'no', label: 'No' },
                    ]}
                    value={values.flag ? 'yes' : 'no'}
                    onChange={(value) => set({ flag: value === 'yes' })}
                  />
                </div>
              </Input.Wrapper>
            ) : (
              <NumberInput
                label="Value"
                w={180}
                readOnly={!editable}
                allowNegative={false}
                decimalScale={2}
                {...(percentValue ? { suffix: '%' } : { prefix: '$', thousandSeparator: ',' })}
                value={values.number}
                onChange={(value) => set({ number: typeof value === 'number' ? value : '' })}
                error={tried ? modifierError : undefined}
              />
            )}
          </Group>
          {modifier && !modifierError && (
            <Alert variant="light" color="blue" title="The bid gets" data-testid="final-value">
              {bidField.label}: {finalValueInWords(field, modifier, details)}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onDone}>
          {editable ? 'Cancel' : 'Back to the rules'}
        </Button>
        {editable && (
          <Button onClick={save} loading={change.isPending}>
            Save the rule
          </Button>
        )}
      </Group>
      <LeaveWithoutSavingModal blocker={blocker} what="This rule has changes" />
    </Stack>
  );
}
