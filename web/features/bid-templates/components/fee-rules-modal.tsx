import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import type { FeeRuleChoice } from '../../../../domain/bid-template/commands';
import { percentageApplicationFeeMax } from '../../../../domain/bid-template/rule-fields';
import { conditionalRuleInWords } from '../conditional-rule-words';

type Props = {
  /** The fee rules to decide on, with the new fee type; null: closed. */
  pending: { rules: BidTemplateView['conditional_rules']; from: '$' | '%'; to: '$' | '%'; base: BidTemplateView['home_loan_bid_template'] } | null;
  saving: boolean;
  onChoose: (choice: FeeRuleChoice) => void;
  onCancel: () => void;
};

const feeIn = (type: '$' | '%') => (type === '$' ? 'dollars' : 'a percentage');

/**
 * The update-conditional-rules dialog (spec 3 §2 "Dialogs", §4 step 4): the application fee changed between $ and %
 * while conditional rules change the fee, so their values mean something else now. Delete them, or keep them as they
 * are (a percentage fee is at most 10%).
 */
export function FeeRulesModal({ pending, saving, onChoose, onCancel }: Props) {
  return (
    <Modal opened={pending !== null} onClose={onCancel} title="Update the conditional rules on the application fee" size={750} centered>
      {pending && (
        <Stack gap="md">
          <Text size="sm">
            The application fee is now in {feeIn(pending.to)} instead of {feeIn(pending.from)}. These conditional rules change the application fee, and their values
            were set for a fee in {feeIn(pending.from)}:
          </Text>
          <List size="sm" spacing={4}>
            {pending.rules.map((rule) => (
              <List.Item key={rule.uuid}>{conditionalRuleInWords(rule, pending.base)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Keeping them keeps their values as they are{pending.to === '%' ? `; a percentage fee can be at most ${percentageApplicationFeeMax}%` : ''}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button variant="light" onClick={() => onChoose('keep')} loading={saving}>
              Keep the rules
            </Button>
            <Button color="red" onClick={() => onChoose('delete')} loading={saving}>
              Delete the rules
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
