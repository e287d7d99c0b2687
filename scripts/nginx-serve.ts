/**
 * Serves a build through deploy/nginx/storefront.conf until stopped (SIGTERM, SIGINT): the live journeys'
 * server, started by Playwright (playwright.config.ts), and a way to try the site config locally.
 *
 *   NGINX_ROOT=dist NGINX_PORT=4341 NGINX_API=127.0.0.1:8787 node --import tsx scripts/nginx-serve.ts
 *   node --import tsx scripts/nginx-serve.ts --check   # exit 1, saying what to install, without nginx
 */
import { findNginx, startNginx } from './lib/nginx';

// `--check`: only whether this machine has nginx (scripts/e2e.sh), with the message when it has not.
if (process.argv.includes('--check')) {
  try {
    findNginx();
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

const root = process.env.NGINX_ROOT ?? 'dist';
const port = Number(process.env.NGINX_PORT) || 8080;
const api = process.env.NGINX_API ?? '127.0.0.1:8787';

try {
  const nginx = await startNginx({ port, root, api });
  console.log(`nginx: ${root} on ${nginx.url}, /webapi → ${api}`);
  let stopping = false;
  const stop = () => {
    stopping = true;
    void nginx.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  nginx.process.once('exit', (code) => {
    if (stopping) return;
    console.error(`nginx: exited (${code ?? 'signal'})`);
    process.exit(1);
  });
} catch (error) {
  console.error(`nginx-serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
