import type { ValidationType } from '../../../../domain/post/views';
import { validationAnswer } from '../../../../domain/post/views';
import { apiFetch } from '../../../lib/api-fetch';

/**
 * `POST /v2/validations {validation: {type, data}}`: the server checks a part without saving it (public, for the
 * wizard's steps before an account exists). Throws the 422 with errors named `<type>.<field>`, the prefix the
 * saving call uses too.
 */
export function validatePart(type: ValidationType, data: unknown) {
  return apiFetch('/v2/validations', { method: 'POST', body: { validation: { type, data } }, schema: validationAnswer });
}
