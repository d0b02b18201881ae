// @ts-check
/** Bookkeeping of the processes a stack starts, so that a stack killed with -9 leaves nothing behind. */
import { readFile, writeFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';

/** @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/** @param {number} pid */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Sends a signal, then waits up to `ms` for the process to be gone, then kills it.
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 * @param {number} ms
 */
export async function stopPid(pid, signal = 'SIGTERM', ms = 10_000) {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/**
 * @typedef {{ owner: number, postgres?: number, postgrest?: number, postgrestUrl?: string }} PidRecord
 */

/**
 * Refuses to start when another live stack owns the data dir; otherwise stops what a dead owner left running
 * (a Postgres or PostgREST orphaned by `kill -9`). Postgres itself copes with a stale postmaster.pid once no
 * process holds it; one still running on our data dir is shut down here first.
 * @param {string} pidFile
 * @param {string} pgDir
 */
export async function reclaimDataDir(pidFile, pgDir) {
  if (existsSync(pidFile)) {
    /** @type {PidRecord} */
    const rec = JSON.parse(await readFile(pidFile, 'utf8'));
    if (rec.owner !== process.pid && isAlive(rec.owner) && commandLine(rec.owner).includes('node')) {
      throw new Error(`Another local stack (pid ${rec.owner}) is using this data dir. Stop it first, or set DATA_DIR.`);
    }
    if (rec.postgrest && commandLine(rec.postgrest).includes('postgrest'))
      await stopPid(rec.postgrest, 'SIGTERM', 3000);
    await rm(pidFile, { force: true });
  }
  const pgPidFile = `${pgDir}/postmaster.pid`;
  if (existsSync(pgPidFile)) {
    const pid = Number((await readFile(pgPidFile, 'utf8')).split('\n')[0]);
    if (pid && isAlive(pid) && commandLine(pid).includes('postgres')) {
      // SIGINT is Postgres's "fast shutdown": ends sessions, checkpoints, removes postmaster.pid.
      await stopPid(pid, 'SIGINT', 15_000);
    }
    if (!pid || !isAlive(pid)) await rm(pgPidFile, { force: true });
  }
}

/**
 * @param {string} pidFile
 * @param {PidRecord} record
 */
export async function recordPids(pidFile, record) {
  await writeFile(pidFile, JSON.stringify(record) + '\n');
}
