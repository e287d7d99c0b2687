/**
 * `text` with every occurrence of `keyword` marked (`<mark>`), matched without regard to case, for the
 * search results and the header's suggestions. Plain text without a keyword or a match. Not a regular
 * expression: a keyword such as `C++` or `(` is matched as typed.
 */
import type { ReactNode } from 'react';

export function Highlight({ text, keyword }: { text: string; keyword: string }): ReactNode {
  // Lower-casing that changes a string's length (a few letters such as 'İ') would shift the offsets: match as typed then.
  const folds = text.toLowerCase().length === text.length;
  const needle = folds ? keyword.trim().toLowerCase() : keyword.trim();
  if (!needle) return text;
  const haystack = folds ? text.toLowerCase() : text;
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (parts.length === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
