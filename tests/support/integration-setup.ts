import { afterAll } from 'vitest';
import { closeLeftovers } from './leftovers';

// Set up for every integration test file (vitest.config.ts): after the file's own hooks, what it left open is closed
// (tests/support/leftovers.ts).
afterAll(closeLeftovers);
