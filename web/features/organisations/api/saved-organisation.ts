import { z } from 'zod';
import { organisationView } from '../../../../domain/organisation/schemas';

// Create and change answer the organisation as the list will show it, or 202 with only its uuid when the read model
// is still catching up (api/routes/organisations.ts); the next read then waits for it through X-Min-Position.
export const savedOrganisation = z.union([organisationView, z.object({ uuid: z.uuid() })]);
export type SavedOrganisation = z.infer<typeof savedOrganisation>;
