// Development aid: serves web/ from disk and forwards /api (HTTP and WebSocket) to a running server.
// node dev/proxy.mjs LISTEN_PORT BACKEND_PORT
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [listen = '8791', backend = '8790'] = process.argv.slice(2);
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/api/')) {
    const up = http.request({ host: '127.0.0.1', port: backend, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => { res.writeHead(502); res.end('backend down'); });
    req.pipe(up);
    return;
  }
  let file = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (file.endsWith('/')) file += 'index.html';
  const full = path.join(web, path.normalize(file));
  if (!full.startsWith(web) || !fs.existsSync(full)) { res.writeHead(404); res.end('not found'); return; }
  res.writeHead(200, { 'content-type': types[path.extname(full)] || 'application/octet-stream', 'cache-control': 'no-cache' });
  fs.createReadStream(full).pipe(res);
});
server.on('upgrade', (req, socket, head) => {
  const up = net.connect(Number(backend), '127.0.0.1', () => {
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    up.write(head);
    up.pipe(socket);
    socket.pipe(up);
  });
  up.on('error', () => socket.destroy());
  socket.on('error', () => up.destroy());
});
server.listen(Number(listen), '127.0.0.1', () => console.log(`http://127.0.0.1:${listen} → web/ + api on ${backend}`));
