import nodemailer from 'nodemailer';

// E-mail goes out through nodemailer's SMTP transport, configured by SMTP_URL (docs/mail.md "Configuration").

/** One e-mail as the delivery worker hands it to a transport. */
export type OutgoingEmail = {
  /** `<outbox id@domain>`: the same for every attempt at one outbox message, so a repeat is recognisable. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
};

export interface EmailTransport {
  /** The address mail is sent from. */
  readonly from: string;
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error otherwise. */
  send(mail: OutgoingEmail): Promise<void>;
  close(): void;
}

export const defaultFromAddress = 'Home-loan auction <no-reply@localhost>';

/**
 * An SMTP transport from a URL such as `smtp://user:pass@smtp.example.com:587` or `smtps://…:465`. A `from` query
 * parameter (`?from=no-reply%40example.com`) sets the sender; other parameters are nodemailer's options.
 * Logging options in the URL are ignored: nodemailer's log would show recipients.
 */
export function smtpTransport(smtpUrl: string, options: { from?: string } = {}): EmailTransport {
  const url = new URL(smtpUrl);
  const from = options.from ?? url.searchParams.get('from') ?? defaultFromAddress;
  for (const name of ['from', 'logger', 'debug', 'transactionLog']) url.searchParams.delete(name);
  const transporter = nodemailer.createTransport({
    url: url.toString(),
    // Well below the claim's lease (outbox-delivery.ts), so a stalled server fails the attempt instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Message content never reads files or fetches URLs on the server.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  });
  return {
    from,
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
        // RFC 3834: no auto-replies (out-of-office) to a machine-sent message.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transporter.close(),
  };
}

/** The domain part of the sender, for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match?.[1]?.toLowerCase() ?? 'localhost';
}
