/**
 * What every MQTT client of the server connects with. `writeCache: false`:
 * otherwise mqtt-packet makes a Buffer for each of the 65,536 packet ids when
 * the first packet is written and keeps them (6.3 MB of the heap, a fifteenth
 * of a node's live heap at 20,000 devices), to save a 2-byte allocation per
 * packet. It is one switch for the whole module, so every client sets it.
 */
export const MQTT_CLIENT_DEFAULTS = {
  reconnectPeriod: 2000,
  connectTimeout: 10_000,
  writeCache: false,
} as const;
