/**
 * Helpers of the abuse tests: raw HTTP over a socket (to send what no well-behaved client sends: a body that
 * never ends, headers without their body) and the memory of the stack's processes. Every loop here is bounded
 * in bytes and time and talks to 127.0.0.1 only.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The stack's processes: the gateway (the process that started the stack) and PostgREST. */
export function stackPids(dataDir: string): { gateway: number; postgrest: number; postgrestUrl?: string } {
  const rec = JSON.parse(readFileSync(path.join(dataDir, 'stack.pids.json'), 'utf8'));
  return { gateway: rec.owner, postgrest: rec.postgrest, postgrestUrl: rec.postgrestUrl };
}

/** Resident memory of a process, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Math.round(Number(m[1]) / 1024);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RawAnswer {
  /** HTTP status of the answer, or null if none came. */
  status: number | null;
  /** The answer as text (headers and body), as far as it came. */
  text: string;
  /** Body bytes the client handed to the socket in all. */
  bytesSent: number;
  /** Body bytes it had handed over when the answer came. */
  bytesAtAnswer: number | null;
  /** Milliseconds from the first byte sent to the status line. */
  answeredAfterMs: number | null;
  /** Milliseconds from the first byte sent to the server closing (or resetting) the connection. */
  closedAfterMs: number | null;
}

/**
 * Sends `head` (request line and headers, without the blank line), then body chunks of `chunkBytes` while the
 * connection is open, fewer than `maxBytes` were sent and `maxMs` have not passed; without `keepSending` it also
 * stops at the answer. With `chunked`, the body goes as chunked transfer encoding that never ends (no final
 * chunk). Resolves when the server closes the connection, or after `maxMs` (the client then closes it).
 */
export function sendUntilAnswered(opts: {
  port: number;
  head: string;
  chunkBytes: number;
  maxBytes: number;
  maxMs: number;
  chunked?: boolean;
  keepSending?: boolean;
}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    // allowHalfOpen: the server's end of the answer does not stop the client sending (an abusive one goes on).
    const socket = net.connect({ port: opts.port, host: '127.0.0.1', allowHalfOpen: true });
    const chunk = Buffer.alloc(opts.chunkBytes, 0x20); // spaces: valid JSON whitespace, never a complete value
    const frame = opts.chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    let text = '';
    let bytesSent = 0;
    let bytesAtAnswer: number | null = null;
    let answeredAfterMs: number | null = null;
    let closedAfterMs: number | null = null;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text, bytesSent, bytesAtAnswer, answeredAfterMs, closedAfterMs });
    };
    const deadline = setTimeout(done, opts.maxMs);
    const stop = () => finished || socket.destroyed || (!opts.keepSending && answeredAfterMs !== null);
    socket.on('data', (d) => {
      if (answeredAfterMs === null) {
        answeredAfterMs = Date.now() - started;
        bytesAtAnswer = bytesSent;
      }
      text += d.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!finished) closedAfterMs = Date.now() - started;
      done();
    });
    socket.on('connect', async () => {
      socket.write(`${opts.head}\r\n\r\n`);
      while (!stop() && bytesSent < opts.maxBytes) {
        const ok = socket.write(frame);
        bytesSent += chunk.length;
        if (!ok) {
          // Wait for room, or for the end; never longer than the deadline.
          await new Promise<void>((r) => {
            const t = setInterval(() => {
              if (stop() || socket.writableLength === 0) {
                clearInterval(t);
                r();
              }
            }, 5);
          });
        }
      }
    });
  });
}

/**
 * Opens a connection that sends `head` and the first `bodyBytes` of a body it announces as longer, then stalls.
 * `answer` resolves with what the server answers before it closes the connection (or when the client does).
 */
export function stalledRequest(port: number, head: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let closedAt: number | null = null;
  const opened = Date.now();
  const answer = new Promise<{ status: number | null; closedAfterMs: number }>((resolve) => {
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      closedAt = Date.now();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, closedAfterMs: closedAt - opened });
    });
  });
  const connected = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n${body}`);
      resolve();
    }),
  );
  return { socket, answer, connected, isClosed: () => closedAt !== null };
}
