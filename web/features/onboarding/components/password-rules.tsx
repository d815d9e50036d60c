import { List, Text } from '@mantine/core';

/** The password rules of spec 2 §5, shown where a password is chosen (the schema's messages say the same). */
export function PasswordRules() {
  return (
    <Text component="div" size="xs" c="dimmed">
      The password needs:
      <List size="xs" c="dimmed" withPadding spacing={0}>
        <List.Item>8 to 100 characters, without spaces</List.Item>
        <List.Item>at least 3 of: lowercase letters (a-z), uppercase letters (A-Z), numbers (0-9), special characters</List.Item>
      </List>
    </Text>
  );
}
