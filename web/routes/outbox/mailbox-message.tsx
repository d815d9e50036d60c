import { PageHeader } from '../../components/page-header';
import { useOutboxMessage } from '../../features/outbox/api/get-outbox-message';
import { messageTitle } from '../../features/outbox/components/mailbox-table';
import { MessageDetails } from '../../features/outbox/components/message-details';
import { mailboxCrumb, mailboxMessageRoute } from './mailbox-message.route';

export function MailboxMessagePage() {
  const { id } = mailboxMessageRoute.useParams();
  const { data: message } = useOutboxMessage(id);
  const title = messageTitle(message);
  return (
    <>
      <PageHeader title={title} crumbs={[mailboxCrumb, title]} />
      <MessageDetails message={message} />
    </>
  );
}
