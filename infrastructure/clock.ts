/** Time comes from here so tests can fix it (the domain never reads the clock itself). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
