/**
 * Build-time configuration, read once from `import.meta.env` and validated.
 * Every variable is documented in README.md (Configuration).
 */
import * as z from 'zod/mini';

const EnvSchema = z.object({
  VITE_API_MODE: z._default(z.enum(['mock', 'live']), 'mock'),
  VITE_API_BASE: z._default(z.string(), '/webapi'),
  VITE_APP_ID: z._default(z.string(), 'nn_mall_web'),
  VITE_REQ_CHANNEL: z._default(z.string(), 'web'),
  VITE_BUSI_TYPE: z._default(z.string(), 'mall'),
  VITE_PRODUCT: z._default(z.string(), 'xingyou'),
  VITE_STORE_NAME: z._default(z.string(), '星游商城'),
  VITE_CUSTOMER_SERVICE_URL: z._default(z.string(), 'https://kefu.example.com/chat'),
  VITE_MOCK_LATENCY: z._default(z.string(), '80-250'),
  VITE_MOCK_AUTO_EVENTS: z._default(z.string(), 'on'),
  VITE_BUILD_POLL_INTERVAL: z._default(z.string(), '300000'),
  // Third-party scripts (src/features/marketing/*): each is off unless its variable is set.
  VITE_ANALYTICS_SCRIPT_URL: z.optional(z.url()),
  VITE_AD_SCRIPT_URL: z.optional(z.url()),
  VITE_SENTRY_DSN: z.optional(z.url()),
});

type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  const raw: Record<string, unknown> = { ...import.meta.env };
  // Empty strings mean "unset" so that `VITE_X= npm run dev` falls back to the default.
  for (const key of Object.keys(raw)) if (raw[key] === '') delete raw[key];
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(
      `Invalid configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}

const env: Env = readEnv();

export const config = {
  apiMode: env.VITE_API_MODE,
  apiBase: env.VITE_API_BASE,
  appId: env.VITE_APP_ID,
  reqChannel: env.VITE_REQ_CHANNEL,
  busiType: env.VITE_BUSI_TYPE,
  product: env.VITE_PRODUCT,
  storeName: env.VITE_STORE_NAME,
  customerServiceUrl: env.VITE_CUSTOMER_SERVICE_URL,
  /** `0`, ms or `min-max`, parsed by the simulated backend (parseLatency) */
  mockLatency: env.VITE_MOCK_LATENCY,
  /** `on` or `off`, parsed by the simulated backend (parseAutoEvents) */
  mockAutoEvents: env.VITE_MOCK_AUTO_EVENTS,
  buildPollIntervalMs: Number(env.VITE_BUILD_POLL_INTERVAL) || 300000,
  analyticsScriptUrl: env.VITE_ANALYTICS_SCRIPT_URL,
  adScriptUrl: env.VITE_AD_SCRIPT_URL,
  sentryDsn: env.VITE_SENTRY_DSN,
  requestTimeoutMs: 50000,
} as const;

/**
 * Whether this code runs in a build's render of a page (Vite's SSR loader) or in the tests, where the render's
 * listener (src/shared/build-render.ts) is heard; in the browser's bundle it is `false` and the code behind it
 * goes. Here, with the rest of the build's settings, so that the API layer may read it (it imports nothing else
 * of src/shared). `import.meta.env` is Vite's: code run by Node alone (the simulated backend's HTTP server) has none.
 */
export const BUILD_RENDER = import.meta.env ? import.meta.env.SSR || import.meta.env.MODE === 'test' : false;
