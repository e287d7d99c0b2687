import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeImage } from '../../../src/shared/ui/safe-image';

describe('SafeImage', () => {
  it('reserves its size and loads lazily below the fold', () => {
    render(<SafeImage src="/img/cover.svg" alt="星砂回响封面" width={300} height={400} />);
    const image = screen.getByRole('img', { name: '星砂回响封面' });
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads eagerly when it is above the fold', () => {
    render(<SafeImage src="/img/banner.svg" alt="活动" width={1200} height={400} priority />);
    expect(screen.getByRole('img', { name: '活动' })).toHaveAttribute('loading', 'eager');
  });

  it('shows a placeholder with the same name when the image fails to load', () => {
    render(<SafeImage src="/img/missing.svg" alt="星砂回响封面" width={300} height={400} />);
    fireEvent.error(screen.getByRole('img', { name: '星砂回响封面' }));
    const placeholder = screen.getByRole('img', { name: '星砂回响封面' });
    expect(placeholder.tagName).not.toBe('IMG');
  });

  it('keeps a decorative image hidden from assistive technology when it fails', () => {
    const { container } = render(<SafeImage src="/img/missing.svg" alt="" width={48} height={48} />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('tries again when it is given another source', () => {
    const { rerender } = render(<SafeImage src="/img/missing.svg" alt="封面" width={300} height={400} />);
    fireEvent.error(screen.getByRole('img', { name: '封面' }));
    rerender(<SafeImage src="/img/other.svg" alt="封面" width={300} height={400} />);
    expect(screen.getByRole('img', { name: '封面' }).tagName).toBe('IMG');
  });
});
