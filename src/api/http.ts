/**
 * The HTTP layer: one axios instance for every call, the response envelope,
 * and `call()`, which turns any answer into parsed data or one `ApiError`.
 * axios itself, and the mapping of what it throws, are in ./transport.ts,
 * loaded with the first call: a prerendered page hydrates from its data
 * block without any call, so the entry chunk carries no HTTP library.
 *
 * Endpoints are declared as data with `defineEndpoint()` so that the docs
 * table, the simulated backend's checks and the fault matrix all read the
 * same list (see `endpoints.ts`).
 */
import type { AxiosInstance } from 'axios';
import * as z from 'zod/mini';
import { BUILD_RENDER, config } from '../shared/env';
import { clientState } from './client-state';
import { ApiError, AUTH_FALLBACK_MESSAGE, BUSINESS_FALLBACK_MESSAGE, isAuthCode } from './errors';
import type { HttpClientOptions } from './transport';

type HttpMethod = 'GET' | 'POST';

type FallbackListener = (endpoint: string, message: string) => void;
let fallbackListener: FallbackListener | null = null;

/**
 * Hears every call that failed and answered its endpoint's fallback, while a build renders a page (only then:
 * the browser's bundle drops the call behind `BUILD_RENDER`). Returns what stops listening.
 */
export function listenToFallbacks(listener: FallbackListener): () => void {
  fallbackListener = listener;
  return () => {
    if (fallbackListener === listener) fallbackListener = null;
  };
}

export interface EndpointDef<S extends z.ZodMiniType = z.ZodMiniType> {
  /** `resource.name`, unique */
  id: string;
  method: HttpMethod;
  /** below the base path; `{name}` marks a path parameter */
  path: string;
  /** schema of `retData` */
  data: S;
  /**
   * The spec's "handling of answers": when present, a failed call (other than
   * one the caller aborted) resolves to this value instead of throwing, e.g.
   * `[]` for list fetches and `true` for the stock check.
   */
  fallback?: (() => z.output<S>) | undefined;
  /** for docs/api.md: what is sent */
  request: string;
  /** for docs/api.md: what comes back */
  response: string;
  /** for docs/api.md: what the UI does when it fails */
  uiOnFailure: string;
}

const registry = new Map<string, EndpointDef>();

export function defineEndpoint<S extends z.ZodMiniType>(def: EndpointDef<S>): EndpointDef<S> {
  if (registry.has(def.id)) throw new Error(`Endpoint ${def.id} is defined twice`);
  registry.set(def.id, def as unknown as EndpointDef);
  return def;
}

/** Fallback for the list fetches the spec says quietly come back empty. */
export const emptyList = <T>(): T[] => [];

/** Every endpoint defined so far (import `./endpoints` first to load them all). */
export function registeredEndpoints(): EndpointDef[] {
  return [...registry.values()];
}

/** The answer every /webapi call gets (and the simulated backend's controls too: ./demo-controls.ts). */
export const EnvelopeSchema = z.object({
  success: z.boolean(),
  retCode: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  retMsg: z.optional(z.nullable(z.string())),
  retData: z.optional(z.unknown()),
});

interface CallOptions {
  /** path parameters, replacing `{name}` in the endpoint path */
  params?: Record<string, string | number>;
  /** query string values */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (POST) */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

function resolvePath(path: string, params: CallOptions['params']): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function contractError(endpoint: string, prefix: string, error: z.core.$ZodError): ApiError {
  const issue = error.issues[0];
  const issuePath = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return new ApiError({
    kind: 'contract',
    message: `Unexpected response from ${endpoint} at ${issuePath || '(root)'}: ${issue?.message ?? 'invalid'}`,
    endpoint,
    issuePath: issuePath || '(root)',
  });
}

/**
 * Parses a raw HTTP body against the envelope and the endpoint's data schema.
 * @internal
 */
export function parseAnswer<S extends z.ZodMiniType>(def: EndpointDef<S>, body: unknown): z.output<S> {
  const envelope = EnvelopeSchema.safeParse(body);
  if (!envelope.success) throw contractError(def.path, '', envelope.error);
  const { success, retCode, retMsg, retData } = envelope.data;
  if (!success) {
    const code = retCode == null ? undefined : String(retCode);
    const auth = isAuthCode(code);
    throw new ApiError({
      kind: auth ? 'auth' : 'business',
      message: retMsg || (auth ? AUTH_FALLBACK_MESSAGE : BUSINESS_FALLBACK_MESSAGE),
      endpoint: def.path,
      code,
    });
  }
  const data = def.data.safeParse(retData);
  if (!data.success) throw contractError(def.path, 'retData', data.error);
  return data.data;
}

export interface HttpClient {
  /** The client's axios instance (its code is loaded on first use). */
  axios(): Promise<AxiosInstance>;
  call<S extends z.ZodMiniType>(def: EndpointDef<S>, options?: CallOptions): Promise<z.output<S>>;
}

const transport = () => import('./transport');

/** What axios threw as an ApiError; a transport that could not even load is a network error. */
async function callError(caught: unknown, endpoint: string, timeout: number): Promise<ApiError> {
  if (caught instanceof ApiError) return caught;
  try {
    return (await transport()).toApiError(caught, endpoint, timeout);
  } catch {
    return new ApiError({ kind: 'network', message: 'Network Error', endpoint });
  }
}

/** @internal */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let instance: Promise<AxiosInstance> | undefined;
  const axiosInstance = () => {
    instance ??= transport().then(({ createAxios }) => createAxios(options));
    // A failed load is tried again by the next call (the network may be back).
    instance.catch(() => (instance = undefined));
    return instance;
  };

  async function call<S extends z.ZodMiniType>(
    def: EndpointDef<S>,
    callOptions: CallOptions = {},
  ): Promise<z.output<S>> {
    // The session this call speaks for: an auth failure only ends that session, not one started since.
    const tokenAtSend = clientState.get().token;
    try {
      const response = await (await axiosInstance()).request<unknown>({
        method: def.method,
        url: resolvePath(def.path, callOptions.params),
        params: callOptions.query,
        data: def.method === 'POST' ? (callOptions.body ?? {}) : undefined,
        signal: callOptions.signal,
      });
      return parseAnswer(def, response.data);
    } catch (caught) {
      const error = await callError(caught, def.path, options.timeout);
      // An answer to a call made under an older token (the user logged out and in again while it was
      // in flight) says nothing about the current session.
      if (error.kind === 'auth' && clientState.get().token === tokenAtSend) clientState.emitAuthExpired(error);
      // A caller that cancelled does not want a fallback value, it wants to stop.
      if (error.kind === 'aborted') throw error;
      if (def.fallback) {
        // A build's render writes no page from a fallback (src/shared/build-render.ts listens).
        if (BUILD_RENDER) fallbackListener?.(def.path, error.message);
        return def.fallback();
      }
      throw error;
    }
  }

  return { axios: axiosInstance, call };
}

/** The app's one client. */
export const http: HttpClient = createHttpClient({
  baseURL: config.apiBase,
  timeout: config.requestTimeoutMs,
  appId: config.appId,
  reqChannel: config.reqChannel,
  busiType: config.busiType,
});
