/**
 * The floor: the storefront home's hero (the first banner), its label chips
 * and its hot search words, from the same three calls with the same headers,
 * and nothing else: React and `fetch`, no router, no cache, no validation,
 * no state machines. What the storefront costs beyond this page is the price
 * of everything else it does.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './floor.css';

interface Banner {
  bannerId: number;
  title: string;
  image: string;
}
interface Home {
  banners: Banner[];
  labels: { labelId: number; name: string }[];
  keywords: string[];
}

const HEADERS = { 'Content-Type': 'application/json', reqChannel: 'web', appId: 'nn_mall_web', busiType: 'mall', registerCanal: 'xingyou' };

async function post<T>(path: string, body: unknown, fallback: T): Promise<T> {
  try {
    const response = await fetch(`/webapi${path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { success: boolean; retData?: T };
    return envelope.success && envelope.retData !== undefined ? envelope.retData : fallback;
  } catch {
    return fallback;
  }
}

async function loadHome(): Promise<Home> {
  const [banners, labels, hot] = await Promise.all([
    post<Banner[]>('/sgame/mall/game/qryBanner', { bannerSite: 1 }, []),
    post<Home['labels']>('/sgame/mall/game/qryLabel', {}, []),
    post<{ keywords: string[] }>('/sgame/mall/game/hotSearch', {}, { keywords: [] }),
  ]);
  return { banners, labels, keywords: hot.keywords };
}

function Floor() {
  const [home, setHome] = useState<Home | null>(null);
  useEffect(() => {
    let live = true;
    void loadHome().then((data) => live && setHome(data));
    return () => {
      live = false;
    };
  }, []);
  const banner = home?.banners[0];
  return (
    <>
      <header>星游商城</header>
      <main>
        <h1 hidden>星游商城首页</h1>
        {banner ? (
          <a className="hero" href="/">
            <img src={banner.image} alt={banner.title} width={1200} height={400} fetchPriority="high" decoding="async" />
            <strong>{banner.title}</strong>
          </a>
        ) : (
          <div className="hero hero-empty" />
        )}
        <ul aria-label="游戏分类">{home?.labels.map((label) => <li key={label.labelId}>{label.name}</li>)}</ul>
        <ul aria-label="热门搜索">{home?.keywords.map((keyword) => <li key={keyword}>{keyword}</li>)}</ul>
      </main>
    </>
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<Floor />);
