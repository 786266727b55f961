import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Refusal to open a PGlite data folder another live process holds (issue 8 item 3). */
export class DataFolderInUse extends Error {}

/** For the commands (npm start, npm run seed): a held folder ends the process with the reason, not a stack. */
export function exitIfFolderInUse(e: unknown): never {
  if (e instanceof DataFolderInUse) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const LOCK_FILE = 'owner-accounting.lock';

/** The kernel's start time of a process: with the pid it names one process, even after pid reuse. */
function startTime(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name, which may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number, started: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Where /proc exists, a pid now used by another program is not our holder.
  const now = startTime(pid);
  return started === null || now === null || now === started;
}

/**
 * PGlite is one process per data folder: two processes on one folder issue the same receipt
 * numbers and lose writes. The folder holds a lock file naming the holder's pid (and its start
 * time); a holder that died, even by kill -9, no longer counts, so the lock never stays stuck.
 * Returns the release function.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, started: startTime(process.pid) });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder: { pid?: number; started?: string | null } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // Unreadable or half-written: treated as stale below.
    }
    if (typeof holder.pid === 'number' && alive(holder.pid, holder.started ?? null)) {
      throw new DataFolderInUse(
        `The data folder ${dataDir} is in use by process ${holder.pid} (another npm start or npm run seed). ` +
          'Stop that process first, or set DATA_DIR to another folder.',
      );
    }
    try {
      unlinkSync(file);
    } catch {
      // Another process removed the stale lock first; the next attempt decides.
    }
  }
  throw new DataFolderInUse(`Could not lock the data folder ${dataDir}: another process keeps taking it`);
}
