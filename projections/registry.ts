import { organisationsProjection } from './organisations/organisations';
import type { Consumer } from './projection';
import { questionsProjection } from './questions/questions';
import { usersProjection } from './users/users';

/** Every projection and reactor the runner keeps up to date. */
export const consumers: readonly Consumer[] = [organisationsProjection, usersProjection, questionsProjection];
