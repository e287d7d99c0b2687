/**
 * The HTTP library behind src/api/http.ts, in a chunk of its own (loaded with the first call): the axios
 * instance with the store's headers, and the mapping of whatever axios throws to one `ApiError` with the
 * spec's wording.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { clientState } from './client-state';
import { ApiError } from './errors';

export interface HttpClientOptions {
  baseURL: string;
  timeout: number;
  appId: string;
  reqChannel: string;
  busiType: string;
}

/**
 * Whether a browser accepts `value` as a request header value (`setRequestHeader` throws on
 * characters above U+00FF, on line breaks and on other control characters). Identity values
 * are visible ASCII, with inner spaces allowed.
 */
export function isHeaderValue(value: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);
}

export function createAxios(options: HttpClientOptions): AxiosInstance {
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeout,
    headers: {
      reqChannel: options.reqChannel,
      'Content-Type': 'application/json',
      appId: options.appId,
      busiType: options.busiType,
    },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
  });
  instance.interceptors.request.use((request) => {
    const { token, channel, adan } = clientState.get();
    // A value no header can carry (from damaged storage, say) is left out: the browser would refuse
    // the whole request otherwise, and every call would fail as a network error.
    if (token && isHeaderValue(token)) request.headers.set('token', token);
    if (channel && isHeaderValue(channel)) request.headers.set('registerCanal', channel);
    if (adan && isHeaderValue(adan)) request.headers.set('adan', adan);
    return request;
  });
  return instance;
}

/** Maps whatever axios threw to an ApiError with the spec's wording. */
export function toApiError(error: unknown, endpoint: string, timeout: number): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError({ kind: 'aborted', message: 'Request aborted', endpoint });
  if (error instanceof AxiosError) {
    if (
      error.code === AxiosError.ETIMEDOUT ||
      (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message))
    ) {
      return new ApiError({
        kind: 'timeout',
        message: `timeout of ${error.config?.timeout ?? timeout}ms exceeded`,
        endpoint,
      });
    }
    if (error.code === AxiosError.ECONNABORTED)
      return new ApiError({ kind: 'aborted', message: 'Request aborted', endpoint });
    if (error.response) {
      const status = error.response.status;
      return new ApiError({ kind: 'http', message: `Request failed with status code ${status}`, endpoint, status });
    }
    return new ApiError({ kind: 'network', message: 'Network Error', endpoint });
  }
  return new ApiError({ kind: 'network', message: 'Network Error', endpoint });
}
