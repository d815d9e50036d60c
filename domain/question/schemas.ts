import { z } from 'zod';
import { listQuerySchema } from '../shared/list-query';

// Questions put to providers, per product (spec 3 §3 "Question"). One set of schemas serves the API and the forms.

export const questionStatuses = ['active', 'inactive'] as const;
export const questionStatus = z.enum(questionStatuses, { error: 'Status must be active or inactive.' });
export type QuestionStatus = z.infer<typeof questionStatus>;

/** A question fits on a line or two of the provider's profile form; 500 characters is generous. */
export const QUESTION_MAX_LENGTH = 499;

// The form field is named "question" (spec 3 §3), so the messages say "Question".
export const questionMessages = {
  required: 'Question is required.',
  notAText: 'Question must be text.',
  tooLong: `Question must be under ${QUESTION_MAX_LENGTH + 1} characters.`,
} as const;

export const questionDescription = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? questionMessages.required : questionMessages.notAText) })
  .trim()
  .min(1, questionMessages.required)
  .max(QUESTION_MAX_LENGTH, questionMessages.tooLong);

export const questionId = z.uuid({ error: 'Not a question id.' });

export const questionFields = z.strictObject({ description: questionDescription });
export type QuestionFields = z.infer<typeof questionFields>;

/** `POST /v1/products/{product_uuid}/questions`: a new question goes last and is active. */
export const createQuestionBody = z.strictObject({ question: questionFields });

/** `PATCH …/questions/{uuid}`: the text, the status (the toggle), or both. */
export const questionChanges = z
  .strictObject({ description: questionDescription, status: questionStatus })
  .partial()
  .refine((changes) => changes.description !== undefined || changes.status !== undefined, {
    message: 'Send the question, its status, or both.',
  });
export type QuestionChanges = z.infer<typeof questionChanges>;
export const updateQuestionBody = z.strictObject({ question: questionChanges });

/** The largest position a request may name; far above any real list. */
export const QUESTION_MAX_POSITION = 10_000;

export const questionPlacement = z.strictObject({
  uuid: questionId,
  position: z
    .number({ error: 'Position must be a whole number.' })
    .int('Position must be a whole number.')
    .min(1, 'Positions start at 1.')
    .max(QUESTION_MAX_POSITION, `Position must be at most ${QUESTION_MAX_POSITION}.`),
});
export type QuestionPlacement = z.infer<typeof questionPlacement>;

/**
 * `PATCH …/questions` (the bulk reorder): the named questions move to the given positions; the others keep their
 * order and fill the places left (docs/events.md "Questions").
 */
export const reorderQuestionsBody = z.strictObject({
  questions: z
    .array(questionPlacement, { error: 'Send a list of questions with their positions.' })
    .min(1, 'List at least one question.')
    .max(1000, 'At most 1000 questions at once.')
    .superRefine((placements, context) => {
      const uuids = new Set<string>();
      const positions = new Set<number>();
      placements.forEach((placement, index) => {
        if (uuids.has(placement.uuid)) context.addIssue({ code: 'custom', path: [index, 'uuid'], message: 'This question is listed twice.' });
        if (positions.has(placement.position)) {
          context.addIssue({ code: 'custom', path: [index, 'position'], message: 'Two questions cannot share a position.' });
        }
        uuids.add(placement.uuid);
        positions.add(placement.position);
      });
    }),
});

/** What the API answers for one question. */
export const questionView = z.object({
  uuid: z.uuid(),
  description: z.string(),
  status: questionStatus,
  position: z.number().int().min(1),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuestionView = z.infer<typeof questionView>;

/** The bulk reorder answers the whole order of the product's questions, straight from the write side. */
export const questionOrderView = z.object({ questions: z.array(z.object({ uuid: z.uuid(), position: z.number().int().min(1) })) });

export const questionSortable = ['position', 'description', 'status', 'created_at', 'updated_at'] as const;
// Filter inputs allow only word characters and spaces; the question filter also allows ? and . (spec 1 §5).
export const questionFilter = z.strictObject({
  description: z
    .string()
    .trim()
    .max(100, 'Search at most 100 characters.')
    .regex(/^[\w ?.]*$/, 'Only letters, digits, spaces, ? and . are allowed.')
    .optional(),
});

/** `GET …/questions?status=active&page=1&count=25&sorting[position]=asc&filter[description]=…` */
export const questionListQuery = listQuerySchema(questionSortable, questionFilter).extend({ status: questionStatus.optional() });
export type QuestionListQuery = z.infer<typeof questionListQuery>;
