import { z } from 'zod';
import { apiFetch } from '../../../lib/api-fetch';

const emailCheck = z.object({ result: z.enum(['available', 'owner', 'taken']) });

/** Whether an address may sign up (spec 2 §5: only `available` or `owner` pass). */
export async function emailIsFree(email: string): Promise<boolean> {
  const { result } = await apiFetch(`/v1/users/verify_email?${new URLSearchParams({ email })}`, { schema: emailCheck });
  return result !== 'taken';
}
