/**
 * The admin's bundle, built apart and kept by its code's digest (#28, D31, src/integrations/admin-bundle.ts): real
 * Vite builds of a small project of the same shape in a temporary folder (its node_modules the project's).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ENTRIES,
  adminScript,
  bundleIdentity,
  ensureAdminBundle,
  shipAdminBundle,
} from '../../src/integrations/admin-bundle';

const ENV = { PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'anon-key' };
const scratch = mkdtempSync(path.join(tmpdir(), 'admin-bundle-'));
const root = path.join(scratch, 'project');
const cacheDir = path.join(scratch, 'cache');

function write(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  write('package-lock.json', '{}');
  write('tsconfig.json', '{ "compilerOptions": { "jsx": "react-jsx" } }');
  write('src/lib/shared.ts', "export const greeting = 'Namaste';\n");
  write('src/assets/photo.txt', 'not code');
  write(
    ADMIN_ENTRIES.admin,
    "import '@vitejs/plugin-react/preamble';\nimport { createRoot } from 'react-dom/client';\nimport { greeting } from '../../lib/shared';\ncreateRoot(document.body).render(<p>{greeting}</p>);\n",
  );
  write(ADMIN_ENTRIES.login, "import { greeting } from '../../lib/shared';\ndocument.title = greeting;\n");
  write(
    ADMIN_ENTRIES['staff-editor'],
    "import { PUBLIC_SUPABASE_URL } from 'astro:env/client';\nexport function mount() {\n  document.title = PUBLIC_SUPABASE_URL;\n}\n",
  );
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const bundles = () => readdirSync(path.join(cacheDir, 'admin-bundle')).filter((d) => !d.startsWith('.'));

describe('the admin bundle', () => {
  it('is built once for the code, then kept, and each entry is named with its static imports', async () => {
    const first = await ensureAdminBundle(cacheDir, root, ENV);
    expect(first.built).toBe(true);
    const { entries, files } = first.bundle;
    expect(entries.admin.src).toMatch(/^\/_astro\/admin\.[\w-]+\.js$/);
    expect(entries.login.src).toMatch(/^\/_astro\/login\.[\w-]+\.js$/);
    // The shared module is a chunk both import, preloaded with each.
    expect(entries.admin.imports.length).toBeGreaterThan(0);
    expect(entries.login.imports.some((f) => entries.admin.imports.includes(f))).toBe(true);
    for (const f of files) expect(existsSync(path.join(first.dir, f))).toBe(true);
    // astro:env/client's public value, written in; the entry's export kept for the loader.
    const editor = readFileSync(path.join(first.dir, entries['staff-editor'].src), 'utf8');
    expect(editor).toContain(ENV.PUBLIC_SUPABASE_URL);
    expect(editor).toMatch(/export\s*\{/);
    // React's production build, with no fast-refresh preamble left in.
    const all = files.map((f) => readFileSync(path.join(first.dir, f), 'utf8')).join('\n');
    expect(all).not.toContain('injectIntoGlobalHook');

    const again = await ensureAdminBundle(cacheDir, root, ENV);
    expect(again.built).toBe(false);
    expect(again.bundle).toEqual(first.bundle);
  }, 60_000);

  it('is shipped into a build folder as links, and a second ship finds them there', async () => {
    const { dir, bundle } = await ensureAdminBundle(cacheDir, root, ENV);
    const out = path.join(scratch, 'out');
    await shipAdminBundle(dir, bundle, out);
    await shipAdminBundle(dir, bundle, out);
    for (const f of bundle.files) {
      expect(statSync(path.join(out, f)).ino).toBe(statSync(path.join(dir, f)).ino);
    }
  }, 60_000);

  it('has an identity that follows the code and the public values, and not the images', () => {
    const before = bundleIdentity(root, ENV);
    expect(bundleIdentity(root, ENV)).toBe(before);
    expect(bundleIdentity(root, { ...ENV, PUBLIC_SUPABASE_URL: 'https://other.supabase.co' })).not.toBe(before);
    write('src/assets/photo.txt', 'another photo');
    expect(bundleIdentity(root, ENV)).toBe(before);
    write('src/lib/shared.ts', "export const greeting = 'Tashi delek';\n");
    expect(bundleIdentity(root, ENV)).not.toBe(before);
    write('src/lib/shared.ts', "export const greeting = 'Namaste';\n");
    expect(bundleIdentity(root, ENV)).toBe(before);
  });

  it('is built again when a file of the kept one is gone', async () => {
    const { dir, bundle } = await ensureAdminBundle(cacheDir, root, ENV);
    rmSync(path.join(dir, bundle.entries.login.src));
    const again = await ensureAdminBundle(cacheDir, root, ENV);
    expect(again.built).toBe(true);
    expect(existsSync(path.join(again.dir, again.bundle.entries.login.src))).toBe(true);
  }, 60_000);

  it('keeps the current bundle and the two used last', async () => {
    for (const url of ['https://b.supabase.co', 'https://c.supabase.co', 'https://d.supabase.co'])
      await ensureAdminBundle(cacheDir, root, { ...ENV, PUBLIC_SUPABASE_URL: url });
    const current = await ensureAdminBundle(cacheDir, root, ENV);
    expect(bundles()).toHaveLength(3);
    expect(bundles()).toContain(path.basename(current.dir));
  }, 120_000);

  it('refuses an entry that imports from src/assets, which its identity does not read', async () => {
    write('src/assets/label.ts', "export const label = 'from assets';\n");
    write(ADMIN_ENTRIES.login, "import { label } from '../../assets/label';\ndocument.title = label;\n");
    await expect(ensureAdminBundle(cacheDir, root, ENV)).rejects.toThrow(/imports src\/assets\/label\.ts/);
    write(ADMIN_ENTRIES.login, "import { greeting } from '../../lib/shared';\ndocument.title = greeting;\n");
  }, 60_000);

  it('names the source module outside a build, as the dev server serves it', () => {
    expect(adminScript('admin')).toEqual({ src: '/src/admin/entries/admin.tsx', preload: [] });
  });
});
