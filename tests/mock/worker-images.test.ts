/** Images a prerendered page asked for before msw's worker answered are asked for again (src/mock/worker-images.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { retryImagesLoadedBeforeWorker } from '../../src/mock/worker-images';

/** An `<img>` in the page whose load state is what the browser would report. */
function image(
  src: string,
  state: { complete: boolean; naturalWidth: number },
): { element: HTMLImageElement; srcSets: () => number } {
  const element = document.createElement('img');
  element.setAttribute('src', src);
  Object.defineProperty(element, 'complete', { configurable: true, get: () => state.complete });
  Object.defineProperty(element, 'naturalWidth', { configurable: true, get: () => state.naturalWidth });
  let sets = 0;
  const setAttribute = element.setAttribute.bind(element);
  element.setAttribute = (name: string, value: string) => {
    if (name === 'src') sets += 1;
    setAttribute(name, value);
  };
  document.body.append(element);
  return { element, srcSets: () => sets };
}

describe('retryImagesLoadedBeforeWorker', () => {
  afterEach(() => document.body.replaceChildren());

  it('asks again for a backend image that failed before the worker answered, with the same address', () => {
    const failed = image('/webapi/static/img/banner/1.svg', { complete: true, naturalWidth: 0 });
    expect(retryImagesLoadedBeforeWorker(document, '/webapi')).toBe(1);
    expect(failed.srcSets()).toBe(1);
    expect(failed.element.getAttribute('src')).toBe('/webapi/static/img/banner/1.svg');
  });

  it('leaves loaded images and images from elsewhere alone', () => {
    const loaded = image('/webapi/static/img/cover/1.svg', { complete: true, naturalWidth: 600 });
    const favicon = image('/favicon.svg', { complete: true, naturalWidth: 0 });
    const inline = image('data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A//www.w3.org/2000/svg%22/%3E', {
      complete: true,
      naturalWidth: 0,
    });
    expect(retryImagesLoadedBeforeWorker(document, '/webapi')).toBe(0);
    expect([loaded.srcSets(), favicon.srcSets(), inline.srcSets()]).toEqual([0, 0, 0]);
  });

  it('retries an image still loading when it fails, once', () => {
    const state = { complete: false, naturalWidth: 0 };
    const loading = image('/webapi/static/img/cover/16.svg', state);
    expect(retryImagesLoadedBeforeWorker(document, '/webapi')).toBe(1);
    expect(loading.srcSets()).toBe(0);
    loading.element.dispatchEvent(new Event('error'));
    expect(loading.srcSets()).toBe(1);
    // the worker's own answer failing too is a real failure: <SafeImage> shows its placeholder
    loading.element.dispatchEvent(new Event('error'));
    expect(loading.srcSets()).toBe(1);
  });

  it('does not retry an image still loading that loads', () => {
    const state = { complete: false, naturalWidth: 0 };
    const loading = image('/webapi/static/img/icon/5.svg', state);
    retryImagesLoadedBeforeWorker(document, '/webapi');
    Object.assign(state, { complete: true, naturalWidth: 256 });
    loading.element.dispatchEvent(new Event('load'));
    expect(loading.srcSets()).toBe(0);
  });

  it('follows the configured API base, relative or absolute', () => {
    const other = image('/api/static/img/banner/2.svg', { complete: true, naturalWidth: 0 });
    const absolute = image(`${location.origin}/api/static/img/banner/3.svg`, { complete: true, naturalWidth: 0 });
    const outside = image('/webapi/static/img/banner/4.svg', { complete: true, naturalWidth: 0 });
    expect(retryImagesLoadedBeforeWorker(document, '/api')).toBe(2);
    expect([other.srcSets(), absolute.srcSets(), outside.srcSets()]).toEqual([1, 1, 0]);
  });
});
