import { Divider, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { IconHelpCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { QuestionStatus } from '../../../domain/question/schemas';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { type QuestionSortField, useQuestions } from '../../features/questions/api/list-questions';
import { useMoveQuestion } from '../../features/questions/api/move-question';
import { useConfirmDeleteQuestion } from '../../features/questions/components/confirm-delete-question';
import { QuestionStatusTabs } from '../../features/questions/components/question-status-tabs';
import { QuestionsSearch } from '../../features/questions/components/questions-search';
import { QuestionsTable } from '../../features/questions/components/questions-table';
import { QuestionsTableSkeleton } from '../../features/questions/components/questions-table-skeleton';
import { useToggleQuestion } from '../../features/questions/components/use-toggle-question';
import { shortQuestion } from '../../features/questions/question-labels';
import { type QuestionListSearch, canReorder, toListParams } from '../../features/questions/question-list-search';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';

// The two lists of spec 3 §2, /questions (active) and /questions/inactives, are one page with a status.

function QuestionsHeader({ status }: { status: QuestionStatus }) {
  return (
    <PageHeader
      title={status === 'active' ? 'Questions' : 'Inactive questions'}
      crumbs={
        status === 'active'
          ? ['Questions']
          : [
              <AnchorLink to="/questions" size="sm">
                Questions
              </AnchorLink>,
              'Inactive',
            ]
      }
      actions={
        <ButtonLink to="/questions/create" leftSection={<IconPlus size={16} />}>
          Create question
        </ButtonLink>
      }
    />
  );
}

export function QuestionsPending({ status }: { status: QuestionStatus }) {
  return (
    <>
      <QuestionsHeader status={status} />
      <Paper>
        <QuestionStatusTabs status={status} />
        <QuestionsTableSkeleton />
      </Paper>
    </>
  );
}

type Props = {
  status: QuestionStatus;
  search: QuestionListSearch;
  onSearch: (changes: Partial<QuestionListSearch>) => void;
};

export function QuestionsListPage({ status, search, onSearch }: Props) {
  const params = toListParams(status, search);
  const { data } = useQuestions(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const { toggle, togglingUuid } = useToggleQuestion();
  const { confirmDelete, deletingUuid } = useConfirmDeleteQuestion();
  // Read out after a move, so a screen-reader user hears where the question went.
  const [announcement, setAnnouncement] = useState('');
  const move = useMoveQuestion(params, {
    moved: (uuid, position) => {
      const question = data.result.find((q) => q.uuid === uuid);
      setAnnouncement(`${question ? shortQuestion(question.description) : 'The question'} moved to position ${position}.`);
    },
    failed: () => {
      setAnnouncement('The order was not saved.');
      notifications.show({ color: 'red', title: 'The order was not saved', message: 'The list shows the order as it is. Please try again.' });
    },
  });

  function sortBy(field: QuestionSortField) {
    const direction = field === params.sort ? (params.direction === 'asc' ? 'desc' : 'asc') : field === 'updated_at' ? 'desc' : 'asc';
    // The default order (position ascending) keeps the address clean.
    const isDefault = field === 'position' && direction === 'asc';
    onSearch({ sort: isDefault ? undefined : field, direction: isDefault ? undefined : direction, page: undefined });
  }

  const pages = pageCount(data.total_records, params.count);
  const searching = Boolean(params.filter.description);
  // Not blocked while a move is saved: a disabled button would drop the keyboard focus (moves queue instead).
  const reorderBlocked = canReorder(params) ? null : 'Sort by position and clear the search to reorder';
  const noun = status === 'active' ? 'active question' : 'inactive question';

  return (
    <>
      <QuestionsHeader status={status} />
      <Paper>
        <QuestionStatusTabs status={status} />
        <Group p="md" justify="space-between" align="flex-start" gap="sm">
          <QuestionsSearch description={search.description} onChange={(description) => onSearch({ description, page: undefined })} />
          {data.result.length > 1 && (
            <Text size="sm" c="dimmed" maw={380}>
              {status === 'active'
                ? 'Providers see the active questions in this order. Use the arrows to move a question.'
                : 'An inactive question keeps its place and comes back there when made active.'}
            </Text>
          )}
        </Group>
        <Divider />
        {/* A new page, sort or search loads through the route. The refresh after a move, toggle or delete runs in
            the background: the change already shows, and an overlay would flash over it. */}
        <ListBody
          loading={reloading}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconHelpCircle size={28} />,
            title: searching ? 'No questions match this search' : status === 'active' ? 'No active questions' : 'No inactive questions',
            description: searching
              ? 'Try other words or clear the search.'
              : status === 'active'
                ? 'Create a question; providers answer the active ones when they complete their profile.'
                : 'Questions made inactive are kept here, in their place.',
          }}
          onLastPage={() => onSearch({ page: pages === 1 ? undefined : pages })}
        >
          <QuestionsTable
            questions={data.result}
            sort={params.sort}
            direction={params.direction}
            onSort={sortBy}
            reorderBlocked={reorderBlocked}
            morePages={{ before: params.page > 1, after: params.page < pages }}
            onMove={(uuid, direction) => move.mutate({ uuid, direction })}
            togglingUuid={togglingUuid}
            onToggle={(question) => toggle(question)}
            deletingUuid={deletingUuid}
            onDelete={(question) => confirmDelete(question)}
          />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.result.length}
          noun={noun}
          onPage={(page) => onSearch({ page: page === 1 ? undefined : page })}
        />
        <VisuallyHidden aria-live="polite" role="status">
          {announcement}
        </VisuallyHidden>
      </Paper>
    </>
  );
}
