import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { questionFilter } from '../../../../domain/question/schemas';

type Props = { description: string | undefined; onChange: (description: string | undefined) => void };

export function QuestionsSearch({ description, onChange }: Props) {
  const [text, setText] = useState(description ?? '');
  // The question filter allows word characters, spaces, ? and . (spec 1 §5); the same rule the API applies.
  const check = questionFilter.shape.description.safeParse(text);
  const apply = useDebouncedCallback((value: string) => {
    const checked = questionFilter.shape.description.safeParse(value);
    if (checked.success) onChange(checked.data || undefined);
  }, 300);

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        aria-label="Search questions"
        placeholder="Search questions"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          apply(event.currentTarget.value);
        }}
        error={check.success ? undefined : check.error.issues[0]?.message}
        w={{ base: '100%', sm: 320 }}
      />
      {description && (
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setText('');
            onChange(undefined);
          }}
        >
          Clear search
        </Button>
      )}
    </Group>
  );
}
