import { z } from 'zod';

// Message input rules (spec 1 §2 "Other screens", §5: a chat message blank after trimming is not sent), shared by
// the decider, the API's body schema and the chat form. The length cap is ours (docs/messages.md).

export const MESSAGE_MAX_LENGTH = 2000;

export const messageTexts = {
  blank: 'The message cannot be blank.',
  tooLong: `The message must be at most ${MESSAGE_MAX_LENGTH} characters.`,
  sent: 'Message sent.',
} as const;

/** The text as it is stored: trimmed, not blank, at most MESSAGE_MAX_LENGTH characters. */
export const messageTextSchema = z
  .string({ error: messageTexts.blank })
  .trim()
  .min(1, messageTexts.blank)
  .max(MESSAGE_MAX_LENGTH, messageTexts.tooLong);

/** A message the chat form may send: false for a text that is blank after trimming. */
export const isSendable = (text: string) => messageTextSchema.safeParse(text).success;
