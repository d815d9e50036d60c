import { QuestionsListPage, QuestionsPending } from './questions-list-page';
import { questionsRoute } from './questions.route';

export function ActiveQuestionsPending() {
  return <QuestionsPending status="active" />;
}

export function ActiveQuestionsPage() {
  const search = questionsRoute.useSearch();
  const navigate = questionsRoute.useNavigate();
  return <QuestionsListPage status="active" search={search} onSearch={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })} />;
}
