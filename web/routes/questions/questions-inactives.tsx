import { QuestionsListPage, QuestionsPending } from './questions-list-page';
import { questionsInactivesRoute } from './questions-inactives.route';

export function InactiveQuestionsPending() {
  return <QuestionsPending status="inactive" />;
}

export function InactiveQuestionsPage() {
  const search = questionsInactivesRoute.useSearch();
  const navigate = questionsInactivesRoute.useNavigate();
  return <QuestionsListPage status="inactive" search={search} onSearch={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })} />;
}
