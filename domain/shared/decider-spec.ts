import type { Decider } from './decider';

/**
 * Decider tests read as specifications: given(events).when(command).then(events) or .thenFails(code).
 * Returns plain values; the test asserts with its own `expect`.
 */
export function specFor<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const state = given.reduce(decider.evolve, decider.initialState());
      return decider.decide(command, state);
    },
  });
}
