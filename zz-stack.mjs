import { startStack } from '@boudha/local-supabase/stack';
import path from 'node:path';
const port = Number(process.argv[2] ?? 25395);
const stack = await startStack({ dataDir: path.resolve(process.env.ZZ_DIR ?? `.data/bench-build-${port}`), apiPort: port, dbPort: port + 1, quiet: true });
console.log('up', stack.env.PUBLIC_SUPABASE_URL);
process.on('SIGTERM', async () => { await stack.stop(); process.exit(0); });
process.on('SIGINT', async () => { await stack.stop(); process.exit(0); });
setInterval(() => {}, 1e9);
