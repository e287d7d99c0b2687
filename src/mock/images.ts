/**
 * Placeholder artwork for the simulated backend, served as
 * `GET /webapi/static/img/{kind}/{id}.svg`. Every image is a small SVG whose
 * colours and shapes derive from a hash of `kind/id`, so the same URL always
 * shows the same picture. No external resources are referenced.
 */
import { hashString, mulberry32 } from './seed/random';
import type { SeedData } from './seed/types';

/** @internal */
export const IMAGE_SIZES = {
  cover: [600, 800],
  icon: [256, 256],
  banner: [1200, 400],
  gallery: [1280, 720],
  goods: [400, 400],
  qq: [240, 240],
  download: [240, 240],
} as const;

export type ImageKind = keyof typeof IMAGE_SIZES;

type ArtKind = Exclude<ImageKind, 'qq' | 'download'>;
/** largest label font size per artwork kind, px */
const LABEL_SIZE: Record<ArtKind, number> = { cover: 64, icon: 96, banner: 64, gallery: 72, goods: 40 };

const FONT = "'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif";

/** The URL under which the backend serves an image: `/webapi/static/img/cover/12.svg`. */
export function imageUrl(kind: ImageKind, id: string | number): string {
  return `/webapi/static/img/${kind}/${id}.svg`;
}

function isImageKind(kind: string): kind is ImageKind {
  return Object.prototype.hasOwnProperty.call(IMAGE_SIZES, kind);
}

/** Escapes text for use in SVG character data and attribute values. */
function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );
}

function hsl(h: number, s: number, l: number): string {
  // HSL → #rrggbb, so the SVG uses the most widely supported colour syntax.
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** Cuts a label to `max` characters (by code point), adding an ellipsis. */
function clip(label: string, max: number): string {
  const chars = Array.from(label.trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

function artwork(kind: ArtKind, id: string, label: string | undefined): string {
  const [width, height] = IMAGE_SIZES[kind];
  const seed = hashString(`${kind}/${id}`);
  const rnd = mulberry32(seed);
  const hue = seed % 360;
  const hue2 = (hue + 35 + Math.floor(rnd() * 90)) % 360;
  const from = hsl(hue, 70, 42);
  const to = hsl(hue2, 75, 22);
  const accent = hsl((hue + 180) % 360, 85, 65);
  const min = Math.min(width, height);

  const parts: string[] = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
  ];
  // A soft glow and a few translucent discs.
  parts.push(
    `<circle cx="${Math.round(width * (0.2 + rnd() * 0.6))}" cy="${Math.round(height * (0.15 + rnd() * 0.35))}" r="${Math.round(min * 0.45)}" fill="url(#glow)"/>`,
  );
  for (let i = 0; i < 4; i++) {
    const r = Math.round(min * (0.06 + rnd() * 0.22));
    parts.push(
      `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="#ffffff" fill-opacity="${(0.05 + rnd() * 0.1).toFixed(2)}"/>`,
    );
  }
  // Small stars.
  for (let i = 0; i < 14; i++) {
    parts.push(
      `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height * 0.6)}" r="${(1 + rnd() * 2).toFixed(1)}" fill="#ffffff" fill-opacity="${(0.4 + rnd() * 0.5).toFixed(2)}"/>`,
    );
  }
  // Two layers of hills along the bottom.
  for (let layer = 0; layer < 2; layer++) {
    const base = height * (0.72 + layer * 0.1);
    let d = `M0 ${height} L0 ${Math.round(base)}`;
    const steps = 5;
    for (let i = 1; i <= steps; i++) {
      const x = Math.round((width / steps) * i);
      const cx = Math.round(x - width / steps / 2);
      const cy = Math.round(base - height * (0.05 + rnd() * 0.15));
      d += ` Q${cx} ${cy} ${x} ${Math.round(base + (rnd() - 0.5) * height * 0.06)}`;
    }
    d += ` L${width} ${height} Z`;
    parts.push(
      `<path d="${d}" fill="${layer === 0 ? to : '#000000'}" fill-opacity="${layer === 0 ? '0.55' : '0.35'}"/>`,
    );
  }

  if (label) {
    // icons show the first two characters, like an app icon; the rest clip with an ellipsis
    const text =
      kind === 'icon'
        ? Array.from(label.trim()).slice(0, 2).join('')
        : clip(label, kind === 'banner' ? 18 : kind === 'goods' ? 10 : 12);
    const length = Array.from(text).length;
    const base = LABEL_SIZE[kind];
    const size = Math.max(14, Math.min(base, Math.floor((width * 0.84) / Math.max(1, length))));
    const x = kind === 'banner' ? Math.round(width * 0.08) : Math.round(width / 2);
    const anchor = kind === 'banner' ? 'start' : 'middle';
    const y = kind === 'cover' ? Math.round(height * 0.62) : Math.round(height / 2 + size * 0.35);
    const attrs = `x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-size="${size}" font-weight="700"`;
    parts.push(
      `<text ${attrs} fill="#000000" fill-opacity="0.35" transform="translate(2 3)">${escapeXml(text)}</text>`,
    );
    parts.push(`<text ${attrs} fill="#ffffff">${escapeXml(text)}</text>`);
    if (kind === 'cover') {
      parts.push(
        `<rect x="${Math.round(width / 2 - 40)}" y="${y + 28}" width="80" height="4" rx="2" fill="${accent}"/>`,
      );
    }
  }
  return svg(width, height, parts.join(''));
}

/** A QR-looking (not decodable) pattern with three finder squares and a centre badge. */
function qrLike(kind: 'qq' | 'download', id: string): string {
  const [size] = IMAGE_SIZES[kind];
  const modules = 25;
  const cell = 8;
  const margin = (size - modules * cell) / 2;
  const rnd = mulberry32(hashString(`${kind}/${id}`));
  const color = kind === 'qq' ? '#12b7f5' : '#16a34a';
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= modules - 8 && y < 8) || (x < 8 && y >= modules - 8);
  const inBadge = (x: number, y: number) => Math.abs(x - 12) <= 3 && Math.abs(y - 12) <= 3;
  const parts = [`<rect width="${size}" height="${size}" rx="12" fill="#ffffff"/>`];
  let path = '';
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (inFinder(x, y) || inBadge(x, y) || rnd() < 0.5) continue;
      path += `M${margin + x * cell} ${margin + y * cell}h${cell}v${cell}h-${cell}z`;
    }
  }
  parts.push(`<path d="${path}" fill="#111827"/>`);
  for (const [fx, fy] of [
    [0, 0],
    [modules - 7, 0],
    [0, modules - 7],
  ] as const) {
    const x = margin + fx * cell;
    const y = margin + fy * cell;
    parts.push(
      `<rect x="${x}" y="${y}" width="${7 * cell}" height="${7 * cell}" fill="#111827"/>`,
      `<rect x="${x + cell}" y="${y + cell}" width="${5 * cell}" height="${5 * cell}" fill="#ffffff"/>`,
      `<rect x="${x + 2 * cell}" y="${y + 2 * cell}" width="${3 * cell}" height="${3 * cell}" fill="${color}"/>`,
    );
  }
  const badge = margin + 9.5 * cell;
  parts.push(`<rect x="${badge}" y="${badge}" width="${6 * cell}" height="${6 * cell}" rx="8" fill="${color}"/>`);
  const badgeText = kind === 'qq' ? 'QQ' : 'APP';
  parts.push(
    `<text x="${size / 2}" y="${size / 2 + 6}" text-anchor="middle" font-family="${FONT}" font-size="${kind === 'qq' ? 18 : 14}" font-weight="700" fill="#ffffff">${badgeText}</text>`,
  );
  return svg(size, size, parts.join(''));
}

/**
 * Renders the SVG document for `kind` and `id`, or null for an unknown kind.
 * `label` (e.g. a game name) is drawn on the artwork kinds; the QR kinds ignore it.
 */
export function renderImage(kind: string, id: string, label?: string): string | null {
  if (!isImageKind(kind)) return null;
  if (kind === 'qq' || kind === 'download') return qrLike(kind, id);
  return artwork(kind, id, label);
}

/**
 * A default label for a seed image URL's `kind`/`id`, for a backend that wants
 * to draw names on the artwork when the request carries no `?label=`:
 * covers, icons and gallery shots show the game name, goods images the goods
 * name, banners their title.
 * @internal
 */
export function seedImageLabel(
  seed: Pick<SeedData, 'games' | 'goods' | 'banners'>,
  kind: string,
  id: string,
): string | undefined {
  const num = Number.parseInt(id, 10);
  switch (kind) {
    case 'cover':
    case 'icon':
    case 'gallery':
      return seed.games.find((g) => g.gameId === num)?.name;
    case 'goods':
      return seed.goods.find((g) => g.goodsId === num)?.name;
    case 'banner':
      return id === 'newyear' ? '新春游戏节' : seed.banners.find((b) => b.bannerId === num)?.title;
    default:
      return undefined;
  }
}
