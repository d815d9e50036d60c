import { Switch, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { QuestionView } from '../../../../domain/question/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { AnchorLink } from '../../../components/router-link';
import { SortableTh } from '../../../components/sortable-th';
import { formatDate } from '../../../lib/format';
import type { QuestionSortField } from '../api/list-questions';
import { shortQuestion } from '../question-labels';
import type { MoveDirection } from '../question-order';
import { QuestionRowActions } from './question-row-actions';

type Props = {
  questions: readonly QuestionView[];
  sort: QuestionSortField;
  direction: 'asc' | 'desc';
  onSort: (field: QuestionSortField) => void;
  /** Why rows cannot be moved (another sort, a search), or null. */
  reorderBlocked: string | null;
  /** Whether questions come before this page and after it: the ends of a page are not the ends of the list. */
  morePages: { before: boolean; after: boolean };
  onMove: (uuid: string, direction: MoveDirection) => void;
  togglingUuid: string | undefined;
  onToggle: (question: QuestionView) => void;
  deletingUuid: string | undefined;
  onDelete: (question: QuestionView) => void;
};

export function QuestionsTable(props: Props) {
  const { questions, sort, direction, onSort, reorderBlocked, morePages, onMove, togglingUuid, onToggle, deletingUuid, onDelete } = props;
  const directionOf = (field: QuestionSortField) => (sort === field ? direction : undefined);
  // After a move the row has a new place; the button pressed stays focused (or its twin, at an end of the list),
  // so a keyboard user can press it again.
  const [refocus, setRefocus] = useState<{ uuid: string; direction: MoveDirection } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    // Only when focus was lost (the row's node moved, or its button became disabled at an end of the list): never
    // take it back from wherever the user has gone since.
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    if (!lost && !(focused instanceof HTMLElement && focused.dataset.move?.endsWith(refocus.uuid))) return;
    const button = (d: MoveDirection) => document.querySelector<HTMLButtonElement>(`[data-move="${d}-${refocus.uuid}"]`);
    const pressed = button(refocus.direction);
    const target = pressed && !pressed.disabled ? pressed : button(refocus.direction === 'up' ? 'down' : 'up');
    if (target && !target.disabled) target.focus();
  }, [questions, refocus, reorderBlocked]);

  function moveBlocked(index: number): Record<MoveDirection, string | null> {
    if (reorderBlocked) return { up: reorderBlocked, down: reorderBlocked };
    return {
      up: index > 0 ? null : morePages.before ? 'First on this page' : 'Already first',
      down: index < questions.length - 1 ? null : morePages.after ? 'Last on this page' : 'Already last',
    };
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh label="Position" direction={directionOf('position')} onSort={() => onSort('position')} />
            <SortableTh label="Question" direction={directionOf('description')} onSort={() => onSort('description')} />
            <Table.Th w={90}>
              <Text fw={600} size="sm" c="dimmed">
                Active
              </Text>
            </Table.Th>
            <SortableTh label="Updated at" direction={directionOf('updated_at')} onSort={() => onSort('updated_at')} />
            <ActionsTh w={210} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((question, index) => {
            const name = shortQuestion(question.description, 40);
            const active = question.status === 'active';
            return (
              <Table.Tr key={question.uuid} data-testid="question-row">
                <Table.Td w={96}>
                  <Text size="sm" fw={600} c="dimmed" data-testid="question-position">
                    {question.position}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AnchorLink to="/question/$uuid" params={{ uuid: question.uuid }} size="sm" fw={500} lineClamp={2} maw={560}>
                    {question.description}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={active}
                    onChange={() => onToggle(question)}
                    disabled={togglingUuid === question.uuid}
                    aria-label={`Active: ${name}`}
                    title={active ? 'Make inactive' : 'Make active'}
                    color="teal"
                  />
                </Table.Td>
                <Table.Td w={120}>{formatDate(question.updated_at)}</Table.Td>
                <Table.Td>
                  <QuestionRowActions
                    uuid={question.uuid}
                    name={name}
                    moveBlocked={moveBlocked(index)}
                    onMove={(moveDirection) => {
                      setRefocus({ uuid: question.uuid, direction: moveDirection });
                      onMove(question.uuid, moveDirection);
                    }}
                    deleting={deletingUuid === question.uuid}
                    onDelete={() => onDelete(question)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
