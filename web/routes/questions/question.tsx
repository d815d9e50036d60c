import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconCircleCheck, IconCircleOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-link';
import { useQuestion } from '../../features/questions/api/get-question';
import { useConfirmDeleteQuestion } from '../../features/questions/components/confirm-delete-question';
import { QuestionDetails } from '../../features/questions/components/question-details';
import { useToggleQuestion } from '../../features/questions/components/use-toggle-question';
import { questionRoute } from './question.route';

export function QuestionPage() {
  const { uuid } = questionRoute.useParams();
  const { data: question } = useQuestion(uuid);
  const navigate = useNavigate();
  const { toggle, togglingUuid } = useToggleQuestion();
  const { confirmDelete, deletingUuid } = useConfirmDeleteQuestion();
  const active = question.status === 'active';
  const list = active ? '/questions' : '/questions/inactives';

  return (
    <>
      <PageHeader
        title="Question"
        crumbs={[
          <AnchorLink to="/questions" size="sm">
            Questions
          </AnchorLink>,
          ...(active
            ? []
            : [
                <AnchorLink to="/questions/inactives" size="sm">
                  Inactive
                </AnchorLink>,
              ]),
          'Detail',
        ]}
        actions={
          <>
            <ButtonLink to="/question/$uuid/edit" params={{ uuid }} leftSection={<IconPencil size={16} />}>
              Edit
            </ButtonLink>
            <Button
              variant="default"
              leftSection={active ? <IconCircleOff size={16} /> : <IconCircleCheck size={16} />}
              loading={togglingUuid === uuid}
              onClick={() => toggle(question)}
            >
              {active ? 'Make inactive' : 'Make active'}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              loading={deletingUuid === uuid}
              onClick={() => confirmDelete(question, () => void navigate({ to: list }))}
            >
              Delete
            </Button>
          </>
        }
      />
      <QuestionDetails question={question} />
    </>
  );
}
