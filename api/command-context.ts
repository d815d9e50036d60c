import type { FastifyRequest } from 'fastify';
import type { Clock } from '../infrastructure/clock';
import type { CommandContext } from '../infrastructure/command-handler';
import { callerOf } from './access';

/** Who acts and in which request, as the workflows record it in the events' metadata. */
export const commandContext = (request: FastifyRequest, clock: Clock, userId: string | null = callerOf(request).userId): CommandContext => ({
  userId,
  correlationId: request.id,
  causationId: null,
  now: clock.now(),
});
