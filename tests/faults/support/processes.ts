import { type ProductProcess, startProductProcess } from '../../support/product-process';

export type { ProductProcess };

/** One role of the product (docs/operations.md "Process roles") on the fault tests' database, with a small pool. */
export function startProduct(role: 'api' | 'worker', databaseUrl: string): Promise<ProductProcess> {
  return startProductProcess({ DATABASE_URL: databaseUrl, ROLE: role, HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '8' });
}
