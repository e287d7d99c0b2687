/**
 * The floors' data: the storefront home's first banner, label chips and hot
 * search words, from the same three calls with the same headers. The floor
 * (./main.tsx) calls them from the browser; the static floor
 * (bench/floor-static) once, when `npm run bench` writes its page.
 */
export interface Banner {
  bannerId: number;
  title: string;
  image: string;
}

export interface Home {
  banners: Banner[];
  labels: { labelId: number; name: string }[];
  keywords: string[];
}

const HEADERS = {
  'Content-Type': 'application/json',
  reqChannel: 'web',
  appId: 'nn_mall_web',
  busiType: 'mall',
  registerCanal: 'xingyou',
};

async function post<T>(origin: string, path: string, body: unknown, fallback: T): Promise<T> {
  try {
    const response = await fetch(`${origin}/webapi${path}`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; retData?: T };
    return envelope.success && envelope.retData !== undefined ? envelope.retData : fallback;
  } catch {
    return fallback;
  }
}

/** The home's first screen from the API at `origin` ('' in the browser: the page's own). */
export async function loadHome(origin = ''): Promise<Home> {
  const [banners, labels, hot] = await Promise.all([
    post<Banner[]>(origin, '/sgame/mall/game/qryBanner', { bannerSite: 1 }, []),
    post<Home['labels']>(origin, '/sgame/mall/game/qryLabel', {}, []),
    post<{ keywords: string[] }>(origin, '/sgame/mall/game/hotSearch', {}, { keywords: [] }),
  ]);
  return { banners, labels, keywords: hot.keywords };
}
