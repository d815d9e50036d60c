import type { SystemSettings } from '../domain/system-configuration/catalogue';
import { settingsOf, systemConfigurationDecider } from '../domain/system-configuration/decider';
import { SYSTEM_CONFIGURATION_STREAM } from '../domain/system-configuration/events';
import { loadState } from './command-handler';
import type { EventStore } from './event-store/event-store';

/**
 * The current value of every setting, with defaults. Folded from the one settings stream on each read: it holds
 * a handful of events (an admin changes a setting now and then), so this is one indexed read and always current,
 * with no read model to wait for (docs/system-configurations.md).
 */
export async function readSettings(store: EventStore): Promise<SystemSettings> {
  const { state } = await loadState(store, SYSTEM_CONFIGURATION_STREAM, systemConfigurationDecider);
  return settingsOf(state);
}
