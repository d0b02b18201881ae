// @ts-check
/**
 * Serves a built site folder: files by sirv, pretty URLs (/about/ → about/index.html), and the site's 404 page
 * with status 404 for anything unknown.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';

/**
 * @param {string} dir The build folder (dist/).
 */
export function createStaticServer(dir) {
  const serve = sirv(dir, { etag: true, extensions: ['html'], dotfiles: false });
  return http.createServer((req, res) =>
    serve(req, res, async () => {
      const page = await readFile(path.join(dir, '404.html')).catch(() => Buffer.from('Not found'));
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(page);
    }),
  );
}
