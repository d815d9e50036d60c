// The integration and browser files share their worker's modules (vitest.config.ts), so a worker runs file after
// file: an app or database one file leaves open (say its creation outlived a beforeAll that timed out, so its
// afterAll had nothing to close) would keep its projection runner polling and slow every later file there. What the
// helpers start is closed when its test file ends, if the file did not close it; what finishes starting after its
// file ended is closed at once. The setup files (tests/support/*-setup.ts) call closeLeftovers after each file.

type Closable = { close(): Promise<void> };

let fileNumber = 0;
/** Open things of the current file, oldest first. */
const open: Closable[] = [];

/** `start()`'s result, closed with the current test file at the latest. Its `close` may be called more than once. */
export async function closedWithFile<T extends Closable>(start: () => Promise<T>): Promise<T> {
  const startedIn = fileNumber;
  const thing = await start();
  const close = thing.close.bind(thing);
  let closing: Promise<void> | undefined;
  thing.close = () => {
    const at = open.indexOf(thing);
    if (at >= 0) open.splice(at, 1);
    return (closing ??= close());
  };
  if (startedIn !== fileNumber) await thing.close().catch(() => {}); // its file is over: nobody will use or close it
  else open.push(thing);
  return thing;
}

/** Closes what the test file that ends left open, newest first (an app before its database). */
export async function closeLeftovers(): Promise<void> {
  fileNumber += 1;
  for (const thing of open.slice().reverse()) await thing.close().catch(() => {});
}
