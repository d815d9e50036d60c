import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import type { QuestionStatus } from '../../../../domain/question/schemas';

/** Active questions live at /questions, inactive ones at /questions/inactives (spec 3 §2). */
export function QuestionStatusTabs({ status }: { status: QuestionStatus }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={status}
      onChange={(value) => void navigate({ to: value === 'inactive' ? '/questions/inactives' : '/questions' })}
      keepMounted={false}
    >
      <Tabs.List px="md" pt="xs">
        <Tabs.Tab value="active" leftSection={<IconCircleCheck size={16} />}>
          Active
        </Tabs.Tab>
        <Tabs.Tab value="inactive" leftSection={<IconCircleOff size={16} />}>
          Inactive
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
