import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { ActionIconLink } from '../../../components/router-link';
import type { MoveDirection } from '../question-order';

type Props = {
  uuid: string;
  /** Short text naming the question for screen readers ("Move up: Do you lend…"). */
  name: string;
  /** Why moving is not offered here, or null when it is; per direction (the ends of the list). */
  moveBlocked: Record<MoveDirection, string | null>;
  onMove: (direction: MoveDirection) => void;
  deleting: boolean;
  onDelete: () => void;
};

const moveLabels: Record<MoveDirection, string> = { up: 'Move up', down: 'Move down' };
const moveIcons = { up: IconArrowUp, down: IconArrowDown } as const;

export function QuestionRowActions({ uuid, name, moveBlocked, onMove, deleting, onDelete }: Props) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {(['up', 'down'] as const).map((direction) => {
        const Icon = moveIcons[direction];
        const blocked = moveBlocked[direction];
        return (
          <Tooltip key={direction} label={blocked ?? moveLabels[direction]} withArrow>
            {/* Disabled buttons get no pointer events; the wrapper keeps the tooltip saying why. */}
            <span>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={blocked !== null}
                // Mantine fills disabled icons grey, which reads as pressed; at an end of the list it is just faded.
                bg={blocked !== null ? 'transparent' : undefined}
                onClick={() => onMove(direction)}
                aria-label={`${moveLabels[direction]}: ${name}`}
                data-move={`${direction}-${uuid}`}
              >
                <Icon />
              </ActionIcon>
            </span>
          </Tooltip>
        );
      })}
      <Tooltip label="View" withArrow>
        <ActionIconLink to="/question/$uuid" params={{ uuid }} variant="subtle" color="gray" aria-label={`View: ${name}`}>
          <IconEye />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Edit" withArrow>
        <ActionIconLink to="/question/$uuid/edit" params={{ uuid }} variant="subtle" color="gray" aria-label={`Edit: ${name}`}>
          <IconPencil />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} loading={deleting} aria-label={`Delete: ${name}`}>
          <IconTrash />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
