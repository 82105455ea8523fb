import { type Config, mqttConnection } from '../config.js';
import { connectMqttCommandLink, connectMqttDeviceLink } from './mqttLink.js';
import {
  type CommandLink,
  createInProcessCommandBus,
  type DeviceCommandLink,
} from './transport.js';

export interface CommandLinks {
  server: CommandLink;
  /** The simulated devices' end; undefined when the simulator is off. */
  devices: DeviceCommandLink | undefined;
  close(): Promise<void>;
}

/**
 * Both ends of command delivery for the server process: over the broker of
 * `mqttConnection(config)` when MQTT is configured (the server's command client
 * `<mqttClientId>-comandos`, persistent session; the simulator as its own
 * client), in process otherwise.
 */
export async function startCommandLinks(
  config: Config,
  log: { error(obj: unknown, msg?: string): void },
): Promise<CommandLinks> {
  const connection = mqttConnection(config);
  if (!connection) {
    const bus = createInProcessCommandBus();
    return {
      server: bus.server,
      devices: config.simulator ? bus.devices : undefined,
      async close() {},
    };
  }
  const onError = (error: Error) => log.error({ err: error }, 'MQTT (comandos): erro');
  const server = await connectMqttCommandLink(connection, {
    clientId: `${config.mqttClientId}-comandos`,
    group: config.mqttGroup,
    onError,
  });
  const devices = config.simulator
    ? await connectMqttDeviceLink(connection, { onError })
    : undefined;
  return {
    server,
    devices,
    async close() {
      await devices?.close();
      await server.close();
    },
  };
}
