import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { problemSchema } from '../contracts/problem';

// Errors are application/problem+json (RFC 9457) with the spec's messages (DESIGN.md §5).

export { problemSchema };
export type Problem = z.infer<typeof problemSchema>;

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(status: number, code: string, detail: string, errors?: Record<string, string[]>): Problem {
  return { type: 'about:blank', title: titles[status] ?? 'Error', status, detail, code, ...(errors ? { errors } : {}) };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type('application/problem+json').send(body);
}

/** The problem answers every route may give, for the OpenAPI document. */
export const problemResponses = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  413: problemSchema,
  422: problemSchema,
  503: problemSchema,
} as const;
