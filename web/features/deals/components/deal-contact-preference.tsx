import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { weekdays } from '../../../../domain/deal/schemas';
import type { ContactPreferenceView } from '../../../../contracts/deal';
import { weekdayLabels } from '../deal-labels';

/** When the customer likes to be contacted (spec 3 §3): the days and the time window given at acceptance. */
export function DealContactPreference({ preference }: { preference: ContactPreferenceView }) {
  const anyDay = preference.weekdays.length === weekdays.length;
  return (
    <Paper p="lg" withBorder>
      <Stack gap="sm">
        <Title order={4}>Contact preferences</Title>
        <Group gap={4} aria-label="Days">
          {weekdays.map((day) => (
            <Badge key={day} size="sm" variant={preference.weekdays.includes(day) ? 'filled' : 'outline'} color={preference.weekdays.includes(day) ? 'blue' : 'gray'}>
              {weekdayLabels[day]}
            </Badge>
          ))}
        </Group>
        <Text size="sm" data-testid="contact-window">
          {anyDay ? 'Any day' : 'These days'}, {preference.from_time} – {preference.until_time}
        </Text>
      </Stack>
    </Paper>
  );
}
