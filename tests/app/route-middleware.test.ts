import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runMiddleware, setBuildRedirects } from '../../src/app/route-middleware';

afterEach(() => setBuildRedirects({}));

describe('route middleware', () => {
  it('raises an error for an unknown middleware name', async () => {
    await expect(runMiddleware(['redirects', 'nope'], { pathname: '/', href: '/' })).rejects.toThrow(
      'Unknown route middleware: nope',
    );
  });

  it('redirects in-app paths listed in the build metadata through the router', async () => {
    setBuildRedirects({ '/old-sale': '/sem/activity' });
    const error = await runMiddleware(['redirects'], { pathname: '/old-sale', href: '/old-sale' }).catch(
      (e: unknown) => e,
    );
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href: string } }).options.href).toBe('/sem/activity');
  });

  it('sends external redirect targets to a full page load', async () => {
    const assign = vi.fn();
    setBuildRedirects({ '/app': 'https://download.example.com/app' }, assign);
    void runMiddleware(['redirects'], { pathname: '/app', href: '/app' });
    await Promise.resolve();
    expect(assign).toHaveBeenCalledWith('https://download.example.com/app');
  });

  it('lets unlisted paths through', async () => {
    setBuildRedirects({ '/old-sale': '/sem/activity' });
    await expect(runMiddleware(['redirects'], { pathname: '/new', href: '/new' })).resolves.toBeUndefined();
  });
});
