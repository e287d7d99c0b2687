import { useState, type CSSProperties } from 'react';
import { safeImageSrc } from '../safe-url';

export interface SafeImageProps {
  src: string;
  /** '' for a decorative image (the surrounding text names it) */
  alt: string;
  width: number;
  height: number;
  /** images above the fold load eagerly with high priority */
  priority?: boolean;
  className?: string | undefined;
}

/**
 * An image with explicit dimensions (no layout shift), lazy below the fold,
 * and a neutral placeholder of the same size when it fails to load: this
 * component's once React holds the page, and before that (a prerendered
 * page's first paint) the stylesheet's, drawn over the browser's broken-image
 * icon (`img.safe-image::after`, src/shared/styles.css).
 */
export function SafeImage({ src, alt, width, height, priority = false, className }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A server address that is not a safe image (`javascript:`, a non-raster `data:`) shows the placeholder.
  const failed = !safeImageSrc(src) || failedSrc === src;
  const style: CSSProperties = { aspectRatio: `${width} / ${height}` };
  if (failed) {
    return (
      <span
        className={['safe-image-fallback', className].filter(Boolean).join(' ')}
        style={style}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M21 5v14H3V5h18m0-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm-7.1 9.1-2.9 3.7L9 13.3 6 17h12l-4.1-4.9z"
          />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={['safe-image', className].filter(Boolean).join(' ')}
      style={style}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailedSrc(src)}
    />
  );
}
