// The shape every aggregate follows (STYLE.md "Domain"): decide(command, state) → events or a domain error;
// evolve(state, event) → state. Pure: time and ids arrive in the command.

export type DomainError<Code extends string = string> = { code: Code; message: string };

export type Decision<Event> = { ok: true; events: Event[] } | { ok: false; error: DomainError };

export type Decider<State, Command, Event> = {
  initialState: () => State;
  decide: (command: Command, state: State) => Decision<Event>;
  evolve: (state: State, event: Event) => State;
};

export const accept = <Event>(...events: Event[]): Decision<Event> => ({ ok: true, events });
export const reject = <Event = never>(code: string, message: string): Decision<Event> => ({
  ok: false,
  error: { code, message },
});

/** Exhaustiveness check for `switch` over a union. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
