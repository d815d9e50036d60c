import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from '../problem';

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is no character at all (jsonb refuses its escape,
// UTF-8 cannot encode it). Let through, such text either fails the append (a 500) or, inside an encrypted event,
// fails the projection that decrypts it (a poison event stalling a read model; fuzzing found both). So it is refused
// at the edge, for every route, before any handler reads it.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first key or string under `value` holding unstorable text ('' for `value` itself), or null. */
export function unstorableTextAt(value: unknown): string | null {
  // A loop, not recursion: a body may nest 10,000 levels deep.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path;
      continue;
    }
    // Plain objects and arrays only: a raw body (a Buffer) is not text.
    if (current === null || typeof current !== 'object') continue;
    const prototype = Object.getPrototypeOf(current);
    if (!Array.isArray(current) && prototype !== Object.prototype && prototype !== null) continue;
    for (const [key, child] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return at;
      stack.push([child, at]);
    }
  }
  return null;
}

/** Refuses NUL and lone surrogates in the path (404, as any malformed id), the query and the body (422 naming the field). */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (unstorableTextAt(request.params) !== null) return sendProblem(reply, problem(404, 'NOT_FOUND', 'Not found.'));
    for (const [part, value] of [['query', request.query], ['body', request.body]] as const) {
      const at = unstorableTextAt(value);
      if (at !== null) {
        return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', { [at || part]: ['Contains characters that are not allowed.'] }));
      }
    }
  });
}
