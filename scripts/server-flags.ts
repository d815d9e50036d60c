// The V8 flags the product's process runs with: `npm start` (package.json, checked by server-flags.test.ts) and
// the benches that start the product (bid workload, load test) give the same.
//
// A young generation of a fixed 32 MB a semi-space (V8's default grows from 1 to 16 MB): a request's objects live
// across its awaits for tens of milliseconds under load, and with a smaller young generation many of them
// survived two scavenges and went to the old generation, to be copied and collected again there. Fixed rather than
// growing, so the resident size does not climb during a run (docs/performance-history.md "Fewer copies and checks a bid").
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32'] as const;
