/**
 * Runs deploy/nginx/storefront.conf on this machine (the live journeys' server, the redeploy journey's;
 * docs/deploy.md): Debian's nginx as a child process in the foreground, with its own prefix, pid file, temp
 * folders and error log on stderr under a fresh temporary folder, so that runs side by side never clash. The
 * site file is used as written, with only its `# deploy:` lines set (`renderSite`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
export const SITE_CONF = join(REPO, 'deploy/nginx/storefront.conf');
const BROTLI_CONF = join(REPO, 'deploy/nginx/brotli.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';

/** What a machine without nginx is told. */
const NGINX_MISSING =
  "nginx is missing: the live journeys are served by Debian's nginx package (as root: apt-get install -y nginx; scripts/e2e.sh installs it when run as root), or set NGINX to its path";

/** Where nginx may be: `NGINX`, Debian's (in /usr/sbin, which a user's PATH may lack), then the PATH. */
const nginxCandidates = (): (string | undefined)[] => [
  process.env.NGINX,
  '/usr/sbin/nginx',
  ...(process.env.PATH ?? '').split(':').map((dir) => join(dir, 'nginx')),
];

/** The nginx to run; a machine without one gets the message naming the package (scripts/e2e.sh asks too). */
export function findNginx(candidates = nginxCandidates()): string {
  const found = candidates.find((path): path is string => Boolean(path) && existsSync(path!));
  if (!found) throw new Error(NGINX_MISSING);
  return found;
}

export interface SiteValues {
  /** `# deploy:listen`: the address and port */
  listen: string;
  /** `# deploy:root`: the build's folder */
  root: string;
  /** `# deploy:api`: the backend, host:port */
  api: string;
  serverName?: string;
}

/** The site file with its `# deploy:` lines set; every marked line must be there. */
export function renderSite(site: string, values: SiteValues): string {
  const root = resolve(values.root);
  const settings: Record<string, string> = {
    listen: values.listen,
    root,
    api: values.api,
    server_name: values.serverName ?? 'localhost',
    'build-conf': join(root, '_nginx/*.conf'),
  };
  const seen = new Set<string>();
  const text = site.replace(
    /^([ \t]*)(\S+)[ \t]+[^;#\n]*;([ \t]*# deploy:([\w-]+))$/gm,
    (line, indent: string, directive: string, mark: string, key: string) => {
      const value = settings[key];
      if (value === undefined) throw new Error(`deploy/nginx/storefront.conf: no value for "# deploy:${key}"`);
      seen.add(key);
      return `${indent}${directive} ${value};${mark}`;
    },
  );
  const missing = Object.keys(settings).filter((key) => !seen.has(key));
  if (missing.length > 0)
    throw new Error(
      `deploy/nginx/storefront.conf has no line marked ${missing.map((key) => `# deploy:${key}`).join(', ')}`,
    );
  return text;
}

/** A certificate and its key (PEM files) for a server that listens with TLS. */
export interface Tls {
  certificate: string;
  key: string;
}

/**
 * The main configuration around the site: this run's pid, temp folders and logs; brotli where the module is;
 * the certificate for every server when the site listens with TLS (the site file leaves it to the operator).
 */
function mainConf(prefix: string, sitePath: string, tls?: Tls): string {
  const brotli = existsSync(BROTLI_MODULE);
  const temp = (name: string) => `${name}_temp_path ${join(prefix, `${name}_temp`)};`;
  return [
    ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    // As root, nginx would hand the workers to `nobody`, who may not read a build in a user's checkout.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 512; }',
    'http {',
    `    include ${MIME_TYPES};`,
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${temp(name)}`),
    ...(brotli ? [`    include ${BROTLI_CONF};`] : []),
    ...(tls ? [`    ssl_certificate ${tls.certificate};`, `    ssl_certificate_key ${tls.key};`] : []),
    `    include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

export interface RunningNginx {
  url: string;
  /** The shell command that reloads this nginx (deploy/publish.sh's `STOREFRONT_RELOAD`). */
  reloadCommand: string;
  /** Reads the configuration again (`nginx -s reload`, as `systemctl reload nginx` does); resolves once nginx answers after it. */
  reload(): Promise<void>;
  stop(): Promise<void>;
  process: ChildProcess;
}

/** Whether something accepts a connection on 127.0.0.1:`port` (nginx listens once it is ready, with or without TLS). */
const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

async function answers(port: number, deadline: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}) before it listened on ${port}`);
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Starts nginx on 127.0.0.1:`port` with the site (over https with `tls`); stderr goes to this process's. */
export async function startNginx(options: {
  port: number;
  root: string;
  api: string;
  tls?: Tls;
}): Promise<RunningNginx> {
  const nginx = findNginx();
  const prefix = mkdtempSync(join(tmpdir(), 'storefront-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const sitePath = join(prefix, 'storefront.conf');
  writeFileSync(
    sitePath,
    renderSite(readFileSync(SITE_CONF, 'utf8'), {
      listen: `127.0.0.1:${options.port}${options.tls ? ' ssl' : ''}`,
      root: options.root,
      api: options.api,
    }),
  );
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, mainConf(prefix, sitePath, options.tls));
  const args = ['-p', prefix, '-c', confPath, '-e', 'stderr', '-g', 'daemon off;'];
  const test = spawn(nginx, [...args, '-t', '-q'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const tested = await new Promise<number | null>((done) => test.once('exit', done));
  if (tested !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx -t refused the configuration (${confPath}): see the lines above`);
  }
  const child = spawn(nginx, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await answers(options.port, Date.now() + 15_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;
  return {
    url,
    reloadCommand: [nginx, ...args, '-s', 'reload'].map(quote).join(' '),
    process: child,
    stop,
    async reload() {
      const reloaded = spawn(nginx, [...args, '-s', 'reload'], { stdio: ['ignore', 'inherit', 'inherit'] });
      const code = await new Promise<number | null>((done) => reloaded.once('exit', done));
      if (code !== 0) throw new Error('nginx -s reload failed: see the lines above');
      await answers(options.port, Date.now() + 15_000, child);
    },
  };
}
