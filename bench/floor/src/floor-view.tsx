/** What both floors show: the header, the first banner as the hero, the label chips and the hot search words. */
import type { Home } from './home';

export function FloorView({ home }: { home: Home | null }) {
  const banner = home?.banners[0];
  return (
    <>
      <header>星游商城</header>
      <main>
        <h1 hidden>星游商城首页</h1>
        {banner ? (
          <a className="hero" href="/">
            <img
              src={banner.image}
              alt={banner.title}
              width={1200}
              height={400}
              fetchPriority="high"
              decoding="async"
            />
            <strong>{banner.title}</strong>
          </a>
        ) : (
          <div className="hero hero-empty" />
        )}
        <ul aria-label="游戏分类">
          {home?.labels.map((label) => (
            <li key={label.labelId}>{label.name}</li>
          ))}
        </ul>
        <ul aria-label="热门搜索">
          {home?.keywords.map((keyword) => (
            <li key={keyword}>{keyword}</li>
          ))}
        </ul>
      </main>
    </>
  );
}
