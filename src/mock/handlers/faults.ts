/**
 * Fault injection: per endpoint path (actual path, `{param}` template, or `*`
 * for every API endpoint), a fault replaces the answer. Faults with `times`
 * count down and clear themselves.
 */
import type * as z from 'zod/mini';
import type { Fault, MockResponse } from './types';
import { AUTH_MESSAGES } from './world';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What a gateway in front of the real backend answers when the backend is down. */
const gatewayHtml = (status: number) => {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  return `<html>\n<head><title>${title}</title></head>\n<body><center><h1>${title}</h1></center><hr><center>nginx</center></body>\n</html>\n`;
};

export function createFaults() {
  const faults = new Map<string, Fault>();

  return {
    set(path: string, fault: Fault | null): void {
      if (fault === null) faults.delete(path);
      else faults.set(path, { ...fault });
    },
    clear(): void {
      faults.clear();
    },
    list(): Record<string, Fault> {
      return Object.fromEntries([...faults].map(([path, fault]) => [path, { ...fault }]));
    },
    /** The fault for this request, counted as used. Static files match only by their exact path. */
    take(actualPath: string, templatePath: string | null): Fault | null {
      const keys = templatePath === null ? [actualPath] : [actualPath, templatePath, '*'];
      for (const key of keys) {
        const fault = faults.get(key);
        if (!fault) continue;
        if (fault.times !== undefined) {
          if (fault.times <= 1) faults.delete(key);
          else fault.times -= 1;
        }
        return fault;
      }
      return null;
    },
  };
}

/** `retData` candidates for the `schema` fault, tried in order until one fails the endpoint's schema. */
const SCHEMA_BREAKERS: readonly unknown[] = [{ unexpected: true }, 'unexpected', -1.5, [{ unexpected: true }], null];

/** A `retData` the endpoint's schema rejects (any schema accepts at most some of the candidates). */
function schemaBreakingData(schema: z.ZodMiniType | undefined): unknown {
  return (
    SCHEMA_BREAKERS.find((candidate) => schema !== undefined && !schema.safeParse(candidate).success) ??
    SCHEMA_BREAKERS[0]
  );
}

/**
 * The answer a fault produces, or `null` for `delay` (the real answer is sent late).
 * `schema` is the endpoint's `retData` schema, so the `schema` fault answers data it really rejects.
 */
export function faultResponse(fault: Fault, schema?: z.ZodMiniType): MockResponse | null {
  switch (fault.kind) {
    case 'network':
      return { status: 0, networkError: true };
    case 'timeout':
      return { status: 0, hang: true };
    case 'delay':
      return null;
    case 'http':
      return fault.html
        ? { status: fault.status, text: gatewayHtml(fault.status), contentType: 'text/html; charset=utf-8' }
        : { status: fault.status, body: { status: fault.status, error: REASONS[fault.status] ?? 'Error' } };
    case 'business':
      return {
        status: 200,
        body: { success: false, retCode: fault.code, retMsg: fault.message ?? '系统繁忙，请稍后重试', retData: null },
      };
    case 'auth': {
      const code = fault.code ?? 'auth_40001';
      return { status: 200, body: { success: false, retCode: code, retMsg: AUTH_MESSAGES[code], retData: null } };
    }
    case 'malformed':
      return {
        status: 200,
        text: '{"success": true, "retCode": "0", "retData": {"list": [',
        contentType: 'application/json',
      };
    case 'schema':
      return { status: 200, body: { success: true, retCode: '0', retMsg: 'ok', retData: schemaBreakingData(schema) } };
  }
}
