import { type Kysely, sql } from 'kysely';

// Mail and SMS waiting to go out, written in the transaction of the event (or projection batch) that causes them
// (docs/mail.md). Recipient and bodies are personal data: erasing a person blanks their rows (status 'erased').
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outbox_messages (
      id uuid primary key,
      channel text not null check (channel in ('email', 'sms')),
      template text not null,
      causation_id uuid not null,
      data_subject text,
      recipient text,
      subject text,
      text_body text,
      html_body text,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'kept', 'erased')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claimed_until timestamptz,
      claim_token uuid,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      constraint outbox_messages_content check (status = 'erased' or (recipient is not null and text_body is not null)),
      constraint outbox_messages_email_subject check (status = 'erased' or channel <> 'email' or subject is not null)
    )`.execute(db);
  // What a delivery worker looks for, kept small: only messages still to be sent are in it.
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at) where status in ('pending', 'sending')`.execute(db);
  await sql`create index outbox_messages_created_at on outbox_messages (created_at desc, id)`.execute(db);
  await sql`create index outbox_messages_data_subject on outbox_messages (data_subject) where data_subject is not null`.execute(db);
  await sql`create index outbox_messages_recipient on outbox_messages (lower(recipient))`.execute(db);
}
