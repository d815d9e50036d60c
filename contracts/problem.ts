import { z } from 'zod';

// Errors are application/problem+json (RFC 9457) with the spec's messages (DESIGN.md §5); the screens read them too.
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
