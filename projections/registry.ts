import { organisationsProjection } from './organisations/organisations';
import type { Consumer } from './projection';

/** Every projection and reactor the runner keeps up to date. */
export const consumers: readonly Consumer[] = [organisationsProjection];
