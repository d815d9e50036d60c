import type { UserCommand } from '../../domain/user/commands';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

/** Runs one command on a user's stream (the users' workflows share it). */
export const runUserCommand = (deps: Pick<WorkflowDependencies, 'store' | 'ids'>, command: UserCommand, context: CommandContext) =>
  handleCommand({ store: deps.store, ids: deps.ids, streamId: userStream(command.data.user_id), decider: userDecider, command, context });
