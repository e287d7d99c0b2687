// @vitest-environment node
// jsdom's XMLHttpRequest under msw never fires `timeout`; Node's http adapter does, so the real
// axios timeout path is exercised here against an absolute URL.
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { gameDetail } from '../../src/api/game-detail';
import { createHttpClient } from '../../src/api/http';
import { testServer } from '../support/server';

describe('a call that gets no answer in time', () => {
  it('fails with the kind timeout and the text "timeout of {ms}ms exceeded"', async () => {
    testServer.use(
      mswHttp.post('http://127.0.0.1:9/webapi/sgame/game/mall/gameDetail', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const client = createHttpClient({
      baseURL: 'http://127.0.0.1:9/webapi',
      timeout: 50,
      appId: 'a',
      reqChannel: 'web',
      busiType: 'mall',
    });
    const error = await client.call(gameDetail, { body: { gameId: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'timeout of 50ms exceeded' });
  });
});
