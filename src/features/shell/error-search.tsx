/**
 * The 404 and 500 pages' search box (docs/decisions/0019-money-path-trust-and-budget.md): a plain form, as the header's works before hydration, so
 * it goes to /search?keyword=… even from a page whose scripts are in trouble.
 */
import type { ReactElement } from 'react';
import { SEARCH_PLACEHOLDER } from './site-chrome';
import { TextInput } from '../../shared/ui/form-controls';

export default function ErrorSearch(): ReactElement | null {
  return (
    <form role="search" action="/search" className="search-box error-search" aria-label="找找其他商品">
      <TextInput type="search" name="keyword" aria-label="搜索商品" placeholder={SEARCH_PLACEHOLDER} />
      <button type="submit" className="search-submit">
        去搜索
      </button>
    </form>
  );
}
