import { List, Text } from '@mantine/core';
import { passwordClassesRule, passwordLengthRule } from '../../../lib/password-hint';

/** The password rules of spec 2 §5, shown where a password is chosen (the schema's messages say the same). */
export function PasswordRules() {
  return (
    <Text component="div" size="xs" c="dimmed">
      The password needs:
      <List size="xs" c="dimmed" withPadding spacing={0}>
        <List.Item>{passwordLengthRule}</List.Item>
        <List.Item>{passwordClassesRule}</List.Item>
      </List>
    </Text>
  );
}
