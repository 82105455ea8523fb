import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** `… New client connected from 127.0.0.1:53608 as <client id> (p2, c1, k60, u'dispositivo-8').` */
const CONNECTED = /New client connected from \S+ as (.+) \(p\d[^)]*\bu'dispositivo-(\d+)'\)\.$/;
/** `… Client <client id> disconnected due to oversize packet.` */
const OVERSIZE = /Client (.+) disconnected due to oversize packet\.$/;
/** Any other end of a connection, so the table holds only connected devices. */
const GONE = /Client (.+) (?:disconnected|closed its connection)/;

const MAX_READ_BYTES = 4 << 20;

export interface OversizeWatch {
  /** Reads what the log gained since the last look (the timer calls it). */
  poll(): void;
  stop(): void;
}

/**
 * Devices whose packets the project's Mosquitto refused as over its
 * `max_packet_size` (the device is disconnected and the message never reaches
 * a node). Mosquitto says so only in its log, under the client id, so the
 * device (account `dispositivo-<id>`) is read from the line of its connection.
 * Looks at what the log gained every `everyMs`, from its end at start; a log
 * that shrank (rotated) is read again from its beginning.
 */
export function watchOversizePackets(
  logFile: string,
  onOversize: (deviceId: number) => void,
  opts: { everyMs?: number } = {},
): OversizeWatch {
  const devices = new Map<string, number>();
  let offset = sizeOf(logFile);
  let partial = '';

  const line = (text: string) => {
    const connected = CONNECTED.exec(text);
    if (connected) {
      devices.set(connected[1] as string, Number(connected[2]));
      return;
    }
    const oversize = OVERSIZE.exec(text);
    if (oversize) {
      const deviceId = devices.get(oversize[1] as string);
      if (deviceId !== undefined) onOversize(deviceId);
      devices.delete(oversize[1] as string);
      return;
    }
    const gone = GONE.exec(text);
    if (gone) devices.delete(gone[1] as string);
  };

  const poll = () => {
    const size = sizeOf(logFile);
    if (size < offset) {
      offset = 0;
      partial = '';
    }
    if (size === offset) return;
    const length = Math.min(size - offset, MAX_READ_BYTES);
    const buffer = Buffer.alloc(length);
    const fd = openSync(logFile, 'r');
    try {
      offset += readSync(fd, buffer, 0, length, offset);
    } finally {
      closeSync(fd);
    }
    const lines = (partial + buffer.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const text of lines) line(text.trimEnd());
  };

  const timer = setInterval(() => {
    try {
      poll();
    } catch {
      // A log missing for a moment (the broker restarting) is read at the next look.
    }
  }, opts.everyMs ?? 2000);
  timer.unref();
  return { poll, stop: () => clearInterval(timer) };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
