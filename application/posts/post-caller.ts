import type { PermissionMap } from '../../domain/user/permissions';
import type { UserStatus, UserType } from '../../domain/user/schemas';

/** Who asks a post workflow: the API's authenticated caller as a plain object (the route passes it as it is). */
export type PostCaller = { userId: string; userType: UserType; status: UserStatus; permissions: Pick<PermissionMap, 'view'> };

/** Who a post command is recorded for, and the request it came with (the events' correlation id). */
export type PostRequester = { caller: PostCaller; correlationId: string };
