// Serves the built renderer (out/renderer) on 127.0.0.1 at an ephemeral port: file:// would block module scripts.
// The same Content-Security-Policy as the app is sent, so a CSP violation shows up in the e2e suite too.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CONTENT_SECURITY_POLICY } from '../../electron/main/csp';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the files under `root`, and `extra` sources at their paths (path → text, e.g. the drag-frame measure's
 * session worker, served from the page's own origin as the app's CSP requires of workers).
 */
export async function serveDirectory(
  root: string,
  extra: Record<string, string> = {},
): Promise<StaticServer> {
  const base = resolve(root);
  const headers = (type: string) => ({
    'Content-Type': type,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
  });
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (Object.prototype.hasOwnProperty.call(extra, pathname)) {
      response.writeHead(200, headers(TYPES[extname(pathname)] ?? TYPES['.js'])).end(extra[pathname]);
      return;
    }
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response.writeHead(200, headers(TYPES[extname(file)] ?? 'application/octet-stream')).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
