import { type ProductProcess, startProductProcess } from '../../support/product-process';
import { createRemoteApp, type RemoteApp } from '../../support/remote-app';

export type { ProductProcess };

/** One role of the product (docs/operations.md "Process roles") on the fault tests' database, with a small pool. */
function startProduct(role: 'api' | 'worker', databaseUrl: string): Promise<ProductProcess> {
  return startProductProcess({ DATABASE_URL: databaseUrl, ROLE: role, HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '8' });
}

export type SplitProduct = {
  /** Drives the first api process (tests/support/remote-app.ts). */
  remote: RemoteApp;
  /** The api processes, in the order they were started; a crashed one is replaced in place. */
  apis: ProductProcess[];
  /** SIGKILL to the role's process (the first api's), then a new one `downMs` later; `remote` follows a new api. */
  crash(role: 'api' | 'worker', downMs?: number): Promise<void>;
  /** Stops the processes (SIGTERM) and drops the database. */
  stop(): Promise<void>;
};

/** A fresh database on the server with the product on it as a worker process and `apis` api processes. */
export async function startSplitProduct(apis = 1): Promise<SplitProduct> {
  const remote = await createRemoteApp();
  const url = remote.database.url!;
  const started: ProductProcess[] = [];
  let worker: ProductProcess | undefined;
  const stop = async () => {
    for (const api of started) await api.stop();
    await worker?.stop();
    await remote.close();
  };
  try {
    worker = await startProduct('worker', url);
    for (let i = 0; i < apis; i++) started.push(await startProduct('api', url));
  } catch (error) {
    await stop();
    throw error;
  }
  remote.setBaseUrl(started[0]!.url!);
  return {
    remote,
    apis: started,
    crash: async (role, downMs = 0) => {
      await (role === 'api' ? started[0]! : worker!).kill();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      if (role === 'worker') {
        worker = await startProduct('worker', url);
        return;
      }
      started[0] = await startProduct('api', url);
      remote.setBaseUrl(started[0].url!);
    },
    stop,
  };
}
