// @ts-check
/** `npm run db:reset`: deletes the local database and stored files, then re-applies migrations and seed. */
import { rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from './config.mjs';
import { isAlive } from './processes.mjs';
import { startStack } from './stack.mjs';

const config = resolveConfig();
try {
  if (existsSync(config.pidFile)) {
    const { owner } = JSON.parse(await (await import('node:fs/promises')).readFile(config.pidFile, 'utf8'));
    if (owner && isAlive(owner))
      throw new Error(`The local stack is running (pid ${owner}). Stop it (Ctrl-C) before a reset.`);
  }
  await rm(config.pgDir, { recursive: true, force: true });
  await rm(config.storageDir, { recursive: true, force: true });
  // The first admin lived in the database just deleted: npm start creates a new one and prints its login.
  await rm(path.join(config.dataDir, 'admin-login.json'), { force: true });
  const stack = await startStack({ quiet: true });
  await stack.stop();
  console.log(`Reset ${config.dataDir}: migrations and seed applied in ${(stack.readyMs / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(`db:reset: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
