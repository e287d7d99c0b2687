import { textPreview } from '../../shared/format';

/** Search results show about this many characters of a description. */
const DESCRIPTION_CHARS = 120;

/** A page's description for its head (src/features/shell/page-head.ts) from its content, plain text or server HTML: its start, as plain text. */
export function pageDescription(content: string): string | undefined {
  return textPreview(content, DESCRIPTION_CHARS) || undefined;
}
