/**
 * The node mount: a plain node:http server answering /webapi/* from the
 * simulated backend, for `npm run api` (Vite proxies /webapi to it in live
 * mode) and for tests that want a real socket.
 *
 *   PORT=8787 API_LATENCY=0 API_STATE_FILE=.mock-state.json npm run api
 *
 * API_LATENCY: `0`, a fixed number of ms, or `min-max` (default 80-250).
 * API_AUTO_EVENTS: `off` stops the backend's own timed events (the automatic payment, a refund's
 * settlement): only the controls make them (the end-to-end journeys' server runs so).
 * API_STATE_FILE: optional JSON file the state is saved to and loaded from.
 * API_MOCK_CONTROLS: `on` opens the test controls (`/webapi/__mock/*`: every account's phone and orders, a
 * login as any phone, paying any order, switching the seed). Off unless asked: the tests and scripts/e2e.sh
 * ask; a server anyone else can reach never should.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createBackend } from '../src/mock/backend';
import type { Backend, LatencyOption, MockResponse, StorageLike } from '../src/mock/backend';
import { parseAutoEvents, parseLatency } from '../src/mock/handlers/rules';

const BASE = '/webapi';
const MAX_BODY_BYTES = 1024 * 1024;

export interface ApiServerOptions {
  /** 0 picks a free port */
  port?: number;
  host?: string;
  latency?: LatencyOption;
  /** a JSON file to keep the state in between runs */
  stateFile?: string;
  /** the backend's own timed events; default on (`BackendOptions.autoEvents`) */
  autoEvents?: boolean;
  /** answer the test controls (`/webapi/__mock/*`); default off (`API_MOCK_CONTROLS=on`) */
  mockControls?: boolean;
}

const CONTROLS = `${BASE}/__mock/`;

/** `API_MOCK_CONTROLS`: only `on` opens the controls. */
export const parseMockControls = (raw: string | undefined): boolean => raw === 'on';

export interface ApiServer {
  /** e.g. http://127.0.0.1:8787 (no base path) */
  url: string;
  close(): Promise<void>;
  backend: Backend;
}

/** A Storage over one JSON file: enough for the backend's single key. */
function fileStorage(file: string): StorageLike {
  let items: Record<string, string> = {};
  try {
    if (existsSync(file)) items = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    items = {};
  }
  const flush = () => writeFileSync(file, JSON.stringify(items));
  return {
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      items[key] = value;
      flush();
    },
    removeItem: (key) => {
      delete items[key];
      flush();
    },
  };
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(res: ServerResponse, answer: MockResponse): void {
  const headers: Record<string, string> = { ...answer.headers };
  let payload: string | undefined;
  if (answer.text !== undefined) {
    payload = answer.text;
    headers['content-type'] = answer.contentType ?? 'text/plain; charset=utf-8';
  } else if (answer.body !== undefined) {
    payload = JSON.stringify(answer.body);
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(answer.status, headers);
  res.end(payload);
}

export function startApiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const host = options.host ?? '127.0.0.1';
  const backend = createBackend({
    latencyMs: options.latency ?? { min: 80, max: 250 },
    ...(options.stateFile ? { storage: fileStorage(options.stateFile) } : {}),
    autoEvents: options.autoEvents,
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
      if (url.pathname !== BASE && !url.pathname.startsWith(`${BASE}/`)) {
        send(res, { status: 404, text: 'Not Found: the simulated backend serves /webapi/* only' });
        return;
      }
      if (url.pathname.startsWith(CONTROLS) && options.mockControls !== true) {
        // The store's envelope, as an unknown endpoint answers: the /demo console shows the message.
        send(res, {
          status: 404,
          body: {
            success: false,
            retCode: 'mock_40400',
            retMsg: '模拟后端的控制命令未开启（启动时设 API_MOCK_CONTROLS=on）',
            retData: null,
          },
        });
        return;
      }
      let body: unknown;
      try {
        body = await readBody(req);
      } catch {
        send(res, { status: 413, text: 'Payload Too Large' });
        return;
      }
      const answer = await backend.handle({
        method: req.method ?? 'GET',
        path: url.pathname.slice(BASE.length) || '/',
        query: Object.fromEntries(url.searchParams),
        headers: headersOf(req),
        body,
      });
      // A hanging answer is simply never sent; close() ends the socket.
      if (answer.hang) return;
      if (answer.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, answer.delayMs);
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (res.destroyed || res.writableEnded) return;
      }
      if (answer.networkError) {
        req.socket.destroy();
        return;
      }
      send(res, answer);
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, text: `Simulated backend failed: ${String(error)}` });
      else res.destroy();
    });
  });

  // Outlive any proxy's kept idle connection (nginx keeps one for 60 s by default; the deploy config says 4 s):
  // closing first would race the proxy's next request on that socket and answer the shopper a 502.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        backend,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const port = Number(process.env.PORT) || 8787;
  const stateFile = process.env.API_STATE_FILE || undefined;
  startApiServer({
    port,
    latency: parseLatency(process.env.API_LATENCY),
    autoEvents: parseAutoEvents(process.env.API_AUTO_EVENTS),
    mockControls: parseMockControls(process.env.API_MOCK_CONTROLS),
    ...(stateFile ? { stateFile } : {}),
  }).then(
    (api) => {
      console.log(`Simulated /webapi backend on ${api.url}`);
      const stop = () => {
        void api.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(`Could not start the simulated backend: ${String(error)}`);
      process.exit(1);
    },
  );
}
