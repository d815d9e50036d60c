import { z } from 'zod';
import { questionView } from '../../../../domain/question/schemas';

// Create and change answer the question as the list will show it, or 202 with only its uuid when the read model is
// still catching up (api/routes/questions.ts); the next read then waits for it through X-Min-Position.
export const savedQuestion = z.union([questionView, z.object({ uuid: z.uuid() })]);
export type SavedQuestion = z.infer<typeof savedQuestion>;
