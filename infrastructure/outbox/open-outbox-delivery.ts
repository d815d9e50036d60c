import type { Config } from '../config';
import type { Database } from '../database/database';
import { OutboxDelivery, type OutboxLogger } from './outbox-delivery';
import { smtpTransport } from './smtp-transport';

/** The delivery worker the server runs: SMTP when SMTP_URL is set, otherwise everything stays in the mailbox. */
export function openOutboxDelivery(config: Config, db: Database, logger: OutboxLogger): OutboxDelivery {
  const email = config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  logger.info(
    { email: email ? 'smtp' : 'kept', sms: 'kept' },
    email ? 'outbox: e-mail is sent by SMTP; SMS are kept in the mailbox' : 'outbox: no SMTP_URL, e-mail and SMS are kept in the mailbox (/mailbox)',
  );
  return new OutboxDelivery({ db, email, logger, pollMs: 500 });
}
