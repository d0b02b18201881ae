// @ts-check
/** `npm run stack`: the local Supabase stand-in in the foreground. Ctrl-C stops everything. */
import { startStack } from './stack.mjs';

const stack = await startStack().catch((err) => {
  console.error(`[local-supabase] ${err.message}`);
  process.exit(1);
});
console.log(`
  API URL:          ${stack.env.PUBLIC_SUPABASE_URL}
  Database URL:     postgresql://postgres:***@127.0.0.1:${stack.config.dbPort}/postgres
  anon key:         ${stack.env.PUBLIC_SUPABASE_ANON_KEY}
  Settings written: ${stack.config.envFile} (service role key and DATABASE_URL there)
  Press Ctrl-C to stop.
`);
let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[local-supabase] stopping…');
    await stack.stop();
    process.exit(0);
  });
}
