import type { CommandMessage } from '../store/commands/commandStore.js';
import type { StatusAnswer } from './topics.js';

export type StatusHandler = (deviceId: number, payload: unknown) => void;
export type CommandHandler = (deviceId: number, message: CommandMessage) => void;

/** The server's end: publishes commands, hears the devices' answers. */
export interface CommandLink {
  send(deviceId: number, message: CommandMessage): Promise<void>;
  onStatus(handler: StatusHandler): void;
  close(): Promise<void>;
}

/** The devices' end (the simulator): hears commands, answers on the status topic. */
export interface DeviceCommandLink {
  onCommand(handler: CommandHandler): void;
  answer(deviceId: number, status: StatusAnswer): Promise<void>;
  close(): Promise<void>;
}

/**
 * Delivery without a broker: both ends in one process. Messages are handed on
 * asynchronously, as a broker would, never inside the sender's call.
 */
export function createInProcessCommandBus(): { server: CommandLink; devices: DeviceCommandLink } {
  const statusHandlers = new Set<StatusHandler>();
  const commandHandlers = new Set<CommandHandler>();
  const later = (fn: () => void) => setImmediate(fn);
  return {
    server: {
      async send(deviceId, message) {
        const copy = { ...message };
        later(() => {
          for (const h of commandHandlers) h(deviceId, copy);
        });
      },
      onStatus(handler) {
        statusHandlers.add(handler);
      },
      async close() {
        statusHandlers.clear();
      },
    },
    devices: {
      onCommand(handler) {
        commandHandlers.add(handler);
      },
      async answer(deviceId, status) {
        const payload = JSON.stringify(status);
        later(() => {
          for (const h of statusHandlers) h(deviceId, payload);
        });
      },
      async close() {
        commandHandlers.clear();
      },
    },
  };
}
