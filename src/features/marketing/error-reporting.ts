/**
 * Error reporting adapter (off unless VITE_SENTRY_DSN is set). `@sentry/react`
 * is imported dynamically after the first paint, so it costs nothing when
 * off and never delays the first render when on.
 *
 * What is reported: uncaught errors and unhandled promise rejections (our own
 * `error` / `unhandledrejection` listeners, installed at once; what happens
 * before the SDK has loaded is buffered, up to 20 events, and sent when it
 * arrives) and failed chunk loads (`onChunkFailure` from
 * src/shared/chunk-reload.ts, tagged `kind: chunk-load` with the path). Sentry's
 * own global handlers are left out so nothing is reported twice. After login
 * the user id is attached; after logout it is removed.
 *
 * What is never reported: secrets. Every event and breadcrumb passes
 * `scrubSecrets` first: the session's current token wherever it appears,
 * `token` / `sessionCode` / `code` values in URLs, and any field whose name
 * says token, authorization, cookie, password or ID number become
 * `[Filtered]`.
 */
import { clientState } from '../../api/client-state';
import { onChunkFailure as subscribeChunkFailures, type ChunkFailureListener } from '../../shared/chunk-reload';
import { afterFirstPaint } from './external-scripts';
import { scrubSecrets } from '../../shared/scrub-secrets';

interface CaptureContext {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** The part of `@sentry/react` used here; tests pass a fake. */
export interface SentryLike {
  init(options: {
    dsn: string;
    release?: string;
    environment?: string;
    integrations?: (defaults: { name: string }[]) => { name: string }[];
    beforeSend?: <E>(event: E) => E | null;
    beforeBreadcrumb?: <B>(breadcrumb: B) => B | null;
  }): unknown;
  captureException(error: unknown, context?: CaptureContext): string;
  setUser(user: { id: string } | null): void;
}

export interface ErrorReporting {
  captureException(error: unknown, context?: CaptureContext): void;
  setUser(userId: number | null): void;
  /** resolves true once the SDK is initialised, false if it failed to load */
  ready: Promise<boolean>;
  stop(): void;
}

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface ErrorReportingOptions {
  dsn: string | undefined;
  release?: string | undefined;
  environment?: string | undefined;
  /** where uncaught errors are heard (default `window`) */
  target?: ErrorTarget;
  /** loads the SDK (default: `import('@sentry/react')`) */
  load?: () => Promise<SentryLike>;
  /** when to load it (default: after the first paint) */
  schedule?: (task: () => void) => void;
  onChunkFailure?: (listener: ChunkFailureListener) => () => void;
  /** secrets to keep out of reports, read at each event (default: the request token) */
  secrets?: () => readonly (string | undefined)[];
}

/** @internal */
export const BUFFER_LIMIT = 20;

type Pending =
  | { kind: 'error'; error: unknown; context: CaptureContext | undefined }
  | { kind: 'user'; userId: number | null };

export function startErrorReporting(options: ErrorReportingOptions): ErrorReporting | null {
  const { dsn } = options;
  if (!dsn) return null;
  const target = options.target ?? window;
  const load = options.load ?? (() => import('@sentry/react'));
  const schedule = options.schedule ?? ((task: () => void) => afterFirstPaint(task));
  const secrets = options.secrets ?? (() => [clientState.get().token]);
  let sentry: SentryLike | null = null;
  let stopped = false;
  const pending: Pending[] = [];

  const captureException = (error: unknown, context?: CaptureContext) => {
    if (stopped) return;
    if (sentry) sentry.captureException(error, context);
    else if (pending.filter((p) => p.kind === 'error').length < BUFFER_LIMIT)
      pending.push({ kind: 'error', error, context });
  };
  const setUser = (userId: number | null) => {
    if (stopped) return;
    if (sentry) sentry.setUser(userId === null ? null : { id: String(userId) });
    else pending.push({ kind: 'user', userId });
  };

  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    captureException(error ?? new Error(message || 'Uncaught error'), { tags: { kind: 'uncaught' } });
  };
  const onRejection = (event: Event) => {
    captureException((event as PromiseRejectionEvent).reason, { tags: { kind: 'unhandledrejection' } });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  const offChunk = (options.onChunkFailure ?? subscribeChunkFailures)((error, path) =>
    captureException(error, { tags: { kind: 'chunk-load' }, extra: { path } }),
  );

  const ready = new Promise<boolean>((resolve) => {
    schedule(() => {
      load()
        .then((sdk) => {
          if (stopped) return resolve(false);
          sdk.init({
            dsn,
            ...(options.release ? { release: options.release } : {}),
            ...(options.environment ? { environment: options.environment } : {}),
            integrations: (defaults: { name: string }[]) =>
              defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
            beforeSend: <E>(event: E) => scrubSecrets(event, secrets()),
            beforeBreadcrumb: <B>(breadcrumb: B) => scrubSecrets(breadcrumb, secrets()),
          });
          sentry = sdk;
          for (const item of pending.splice(0)) {
            if (item.kind === 'error') sdk.captureException(item.error, item.context);
            else sdk.setUser(item.userId === null ? null : { id: String(item.userId) });
          }
          resolve(true);
        })
        .catch((error: unknown) => {
          console.warn('[error-reporting] the SDK failed to load', error);
          resolve(false);
        });
    });
  });

  return {
    captureException,
    setUser,
    ready,
    stop() {
      stopped = true;
      pending.length = 0;
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
      offChunk();
    },
  };
}
