/**
 * Mounts the simulated backend in msw: one catch-all handler below the API
 * base that turns the intercepted Request into a MockRequest and the
 * MockResponse back into a Response. Used by the browser worker and by the
 * tests' setupServer alike.
 */
import { HttpResponse, delay, http } from 'msw';
import type { HttpHandler, JsonBodyType } from 'msw';
import type { Backend, MockResponse } from './backend';

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  let text: string;
  try {
    text = await request.text();
  } catch {
    return undefined;
  }
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the backend sees the raw text and treats it as an empty body.
    return text;
  }
}

function toResponse(answer: MockResponse): Response {
  const headers = { ...answer.headers };
  if (answer.text !== undefined) {
    return new HttpResponse(answer.text, {
      status: answer.status,
      headers: { 'Content-Type': answer.contentType ?? 'text/plain; charset=utf-8', ...headers },
    });
  }
  if (answer.body === undefined) return new HttpResponse(null, { status: answer.status, headers });
  return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status, headers });
}

/** The base without its trailing slashes: the catch-all below answers `${trimmed}/*`. */
const trimBase = (base: string): string => base.replace(/\/+$/, '');

/** The path part of the base, whether it is `/webapi` or `https://host/webapi`. */
function basePathOf(base: string): string {
  const trimmed = trimBase(base);
  if (/^https?:\/\//.test(trimmed)) return new URL(trimmed).pathname.replace(/\/+$/, '');
  return trimmed;
}

/**
 * The absolute prefix of every URL the catch-all below answers (`/webapi` on `http://host/` →
 * `http://host/webapi/`): the requests mock mode's worker passes on to msw (public/mock-api-worker.js), and the
 * early images asked for again (./worker-images.ts).
 */
export const apiPrefix = (base: string, documentUrl: string): string => new URL(`${trimBase(base)}/`, documentUrl).href;

export function createMswHandlers(backend: Backend, base = '/webapi'): HttpHandler[] {
  const basePath = basePathOf(base);
  return [
    http.all(`${trimBase(base)}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const answer = await backend.handle({
        method: request.method,
        path: url.pathname.slice(basePath.length) || '/',
        query: Object.fromEntries(url.searchParams),
        headers,
        body: await readBody(request),
      });
      if (answer.hang) {
        await delay('infinite');
        return HttpResponse.error();
      }
      if (answer.delayMs) await delay(answer.delayMs);
      if (answer.networkError) return HttpResponse.error();
      return toResponse(answer);
    }),
  ];
}
