import { z } from 'zod';

/** A path on this site to go back to after a detour (log-in, maintenance); never another origin ('//evil.example'). */
export const sameSitePath = z.string().max(2000).regex(/^\/(?!\/)/).optional().catch(undefined);
