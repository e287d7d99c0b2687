import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import { createAppRouter } from '../../src/app/router';

describe('the route table', () => {
  it('has the twelve paths of the spec with their route names and layouts', () => {
    const router = createAppRouter(
      { queryClient: createQueryClient(), userId: () => null },
      { history: createMemoryHistory() },
    );
    const table = Object.fromEntries(
      Object.values(router.routesById)
        .filter((route) => route.options.staticData?.meta)
        .map((route) => [
          route.fullPath,
          [route.options.staticData!.meta!.name, route.options.staticData!.meta!.layout],
        ]),
    );
    expect(table).toEqual({
      '/': ['index', 'home'],
      '/new': ['new', 'home'],
      '/search': ['search', 'home'],
      '/gameDetail/$id': ['gameDetail-id', 'detail'],
      '/orderDateil': ['orderDateil', 'detail'],
      '/setting': ['setting', 'detail'],
      '/cart': ['cart', 'detail'],
      '/coupon': ['coupon', 'sem'],
      '/sem/activity': ['sem-activity', 'sem'],
      '/notice': ['notice', 'modal-wrap'],
      '/help': ['help', 'modal-wrap'],
      '/agreement': ['agreement', 'modal-wrap'],
      '/demo': ['demo', 'none'],
    });
  });
});
