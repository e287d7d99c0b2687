import { toast } from '../toast';

/** The confirmation of a copy, as a toast here and on the key card's button (features/buying/key-card.tsx). */
export const COPIED_TEXT = '已复制';

/**
 * 复制: writes `text` to the clipboard and toasts 已复制. Its name is `label` (复制);
 * `describedBy` points at the element showing what it copies.
 */
export function CopyButton({
  text,
  describedBy,
  label = '复制',
}: {
  text: string;
  describedBy?: string;
  label?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(COPIED_TEXT);
    } catch {
      toast.error('复制失败，请手动复制');
    }
  };
  return (
    <button type="button" className="button order-copy" aria-describedby={describedBy} onClick={() => void copy()}>
      {label}
    </button>
  );
}
