import { z } from 'zod';

// The API answers every error as application/problem+json (RFC 9457, docs/api.md "Errors").
export const problemDetails = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  /** For 422: field path (`organisation.name`) to its messages. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** The problem's other members (RFC 9457 extensions such as a refused bid's `lvr` or `warnings`), unchecked. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    title: string;
    detail?: string | undefined;
    code?: string | undefined;
    errors?: Record<string, string[]> | undefined;
    extensions?: Record<string, unknown> | undefined;
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.extensions = init.extensions ?? {};
  }

  /** Builds the error from a response body that may or may not be problem+json. */
  static fromBody(status: number, statusText: string, body: unknown): ApiError {
    const problem = problemDetails.safeParse(body);
    if (!problem.success) return new ApiError({ status, title: statusText || `HTTP ${status}` });
    return new ApiError({
      status,
      title: problem.data.title ?? (statusText || `HTTP ${status}`),
      detail: problem.data.detail,
      code: problem.data.code,
      errors: problem.data.errors,
      extensions: typeof body === 'object' && body !== null ? { ...body } : {},
    });
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
