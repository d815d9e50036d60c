import os from 'node:os';
import { withClient } from './admin';

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  /** Server settings that bound the figures (commit flushes, cache size). */
  settings: Record<string, string>;
};

const SETTINGS = ['shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'max_connections', 'work_mem', 'max_wal_size'];

export async function describeMachine(url: string): Promise<Machine> {
  const cpus = os.cpus();
  const { version, settings } = await withClient(url, async (c) => {
    const v = await c.query<{ server_version: string }>('show server_version');
    const s = await c.query<{ name: string; setting: string; unit: string | null }>(
      'select name, setting, unit from pg_settings where name = any($1) order by name',
      [SETTINGS],
    );
    return {
      version: v.rows[0]?.server_version ?? 'unknown',
      settings: Object.fromEntries(s.rows.map((r) => [r.name, withUnit(r.setting, r.unit)])),
    };
  });
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: version,
    settings,
  };
}

/** `16384` with unit `8kB` reads better as 128 MB. */
function withUnit(setting: string, unit: string | null): string {
  if (unit === '8kB') return `${(Number(setting) * 8) / 1024} MB`;
  if (unit === 'kB') return `${Number(setting) / 1024} MB`;
  if (unit === 'MB') return `${setting} MB`;
  return setting;
}

export function machineLines(m: Machine): string[] {
  return [
    `CPU:        ${m.cpu} (${m.cores} cores)`,
    `Memory:     ${m.memoryGiB} GiB`,
    `OS:         ${m.os}`,
    `Node:       ${m.node}`,
    `PostgreSQL: ${m.postgres} (${Object.entries(m.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')})`,
  ];
}

/** 1/5/15-minute load averages: anything well above 0 means other processes shared the cores during the run. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
