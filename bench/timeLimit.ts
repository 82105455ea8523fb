import { readdirSync, readFileSync } from 'node:fs';

/**
 * A bench that cannot measure ends with a message and exit code 1, never by
 * hanging: past `seconds` this prints why, stops the processes the bench
 * started (servers, brokers, device processes: its descendants, found in
 * /proc by parent id; SIGTERM, then SIGKILL after 3 s), runs `cleanup` (a
 * database to drop) for at most 5 s, and exits 1.
 */
export function exitAfter(bench: string, seconds: number, cleanup?: () => Promise<unknown>): void {
  const timer = setTimeout(() => {
    console.error(
      `${bench}: NÃO MEDIU: passou do limite de ${seconds} s (--time-limit); ` +
        'encerrando os processos que iniciou',
    );
    void stopDescendants()
      .then(() => withinMs(5000, cleanup?.()))
      .finally(() => process.exit(1));
  }, seconds * 1000);
  timer.unref();
}

/**
 * A smoke run's own limit (seconds): smokes take 3-32 s on a quiet machine and
 * CI machines have run 2-2.5x slower; a hang still ends well inside the suite.
 */
export const SMOKE_TIME_LIMIT_S = 150;

/** `--time-limit` as given, else the bench's own limit (seconds). */
export function timeLimitOf(given: string | undefined, fallback: number): number {
  const seconds = given === undefined ? fallback : Number(given);
  if (!(seconds > 0)) throw new Error(`--time-limit: segundos, não '${given}'`);
  return seconds;
}

function withinMs(ms: number, work: Promise<unknown> | undefined): Promise<unknown> {
  if (!work) return Promise.resolve();
  return Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** This process's descendants, children first (Linux /proc; none elsewhere). */
function descendants(): number[] {
  const parentOf = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the name may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [process.pid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [pid, ppid] of parentOf) {
      if (ppid === parent && !found.includes(pid)) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

async function stopDescendants(): Promise<void> {
  const pids = descendants();
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // Already gone.
      }
    }
  };
  signal('SIGTERM');
  const alive = () =>
    pids.some((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
  for (let waited = 0; waited < 3000 && alive(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signal('SIGKILL');
}
