/**
 * Help `/help?category=&article=&q=`: the help categories (classify code
 * `help` only; `agreement` belongs to /agreement), the articles of the chosen
 * category (the first one by default), one article's sanitised body, and a
 * search over all articles. Everything is in the URL, so any state can be
 * linked to; an article linked without its category is looked up in every
 * help category.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  articleSearchQueryOptions,
  classifiesQueryOptions,
  classifyArticlesQueryOptions,
  type Article,
  type Classify,
} from '../../api/assist';
import { usePageHead } from '../shell';
import { pageDescription } from './page-description';
import { agreementDocOf } from './agreement-doc';
import { HtmlContent } from '../../shared/ui/html-content';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { formatDate, stripHtml } from '../../shared/format';
import { resultsTitle } from './listing-text';
import './catalog.css';
import { TextInput } from '../../shared/ui/form-controls';

const routeApi = getRouteApi('/modal-wrap-layout/help');

export function HelpPage() {
  const search = routeApi.useSearch();
  const classifies = useQuery(classifiesQueryOptions());
  const q = search.q?.trim() ?? '';
  const helpCategories = (classifies.data ?? []).filter((c) => c.code === 'help');
  return (
    <div className="help-page">
      <h1>帮助中心</h1>
      <HelpSearchForm initial={q} />
      {q ? (
        <SearchResults keyword={q} classifies={classifies.data ?? []} />
      ) : classifies.isPending ? (
        <LinesSkeleton label="帮助分类" lines={6} />
      ) : helpCategories.length === 0 ? (
        <EmptyState title="暂无帮助内容" />
      ) : (
        <HelpBrowser categories={helpCategories} categoryId={search.category} articleId={search.article} />
      )}
    </div>
  );
}

function HelpSearchForm({ initial }: { initial: string }) {
  const navigate = routeApi.useNavigate();
  const [value, setValue] = useState(initial);
  const [lastInitial, setLastInitial] = useState(initial);
  if (initial !== lastInitial) {
    // The URL owns the keyword: follow it on back/forward.
    setLastInitial(initial);
    setValue(initial);
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    void navigate({ search: q ? { q } : {} });
  };
  // Before hydration (a prerendered help page) the box takes no typing, which hydration would drop, and a
  // submit is the browser's own: to /help?q=…, the search view (docs/prerendering.md, "What waits for hydration").
  return (
    <form role="search" aria-label="搜索帮助" className="help-search" action="/help" method="get" onSubmit={onSubmit}>
      <TextInput
        type="search"
        name="q"
        aria-label="搜索帮助文章"
        placeholder="输入问题关键词，如：激活码、退款"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="button button-primary">
        搜索
      </button>
    </form>
  );
}

/** Where an article of the search results opens: its help category, or the agreement page. */
function ArticleLink({ article, classifies }: { article: Article; classifies: Classify[] }) {
  const category = classifies.find((c) => c.classifyId === article.classifyId);
  if (category?.code === 'agreement') {
    return (
      <Link to="/agreement" search={{ doc: agreementDocOf(article) }}>
        {article.title}
      </Link>
    );
  }
  return (
    <Link to="/help" search={{ category: article.classifyId, article: article.articleId }}>
      {article.title}
    </Link>
  );
}

function SearchResults({ keyword, classifies }: { keyword: string; classifies: Classify[] }) {
  const results = useQuery(articleSearchQueryOptions(keyword));
  return (
    <section aria-labelledby="help-results" className="help-results">
      <h2 id="help-results">{resultsTitle(keyword)}</h2>
      {results.isPending ? <LinesSkeleton label="搜索结果" lines={5} /> : null}
      {results.isError ? (
        <ErrorState error={results.error} title="搜索失败" onRetry={() => void results.refetch()} />
      ) : null}
      {results.data && results.data.length === 0 ? (
        <EmptyState title="没有找到相关文章">
          <p className="state-text">换个关键词试试，或通过右侧「客服」联系我们。</p>
          <Link to="/help" className="button">
            查看全部帮助
          </Link>
        </EmptyState>
      ) : null}
      {results.data && results.data.length > 0 ? (
        <ul className="article-list">
          {results.data.map((article) => (
            <li key={article.articleId}>
              <ArticleLink article={article} classifies={classifies} />
              <p className="muted article-snippet">{stripHtml(article.content).slice(0, 60)}…</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function HelpBrowser({
  categories,
  categoryId,
  articleId,
}: {
  categories: Classify[];
  categoryId: number | undefined;
  articleId: number | undefined;
}) {
  // An article linked without its category: look in every help category.
  const lookup = useQueries({
    queries: categories.map((c) => ({
      ...classifyArticlesQueryOptions(c.classifyId),
      enabled: categoryId === undefined && articleId !== undefined,
    })),
  });
  const foundIn =
    categoryId === undefined && articleId !== undefined
      ? lookup.flatMap((r) => r.data ?? []).find((a) => a.articleId === articleId)?.classifyId
      : undefined;
  const selected = categories.find((c) => c.classifyId === (categoryId ?? foundIn)) ?? categories[0]!;
  const unknownCategory = categoryId !== undefined && !categories.some((c) => c.classifyId === categoryId);
  const lookingUp = categoryId === undefined && articleId !== undefined && lookup.some((r) => r.isPending);

  return (
    <div className="help-layout">
      <nav aria-label="帮助分类" className="help-categories">
        <ul>
          {categories.map((c) => (
            <li key={c.classifyId}>
              <Link
                to="/help"
                search={{ category: c.classifyId }}
                aria-current={c.classifyId === selected.classifyId ? 'true' : undefined}
              >
                {c.name}
                <span className="muted"> ({c.articleCount})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="help-content">
        {unknownCategory ? (
          <p role="alert" className="state-box state-error">
            该分类不存在，已为您显示“{selected.name}”
          </p>
        ) : null}
        {lookingUp ? (
          <LinesSkeleton label="帮助文章" lines={6} />
        ) : (
          <CategoryArticles category={selected} articleId={articleId} />
        )}
      </div>
    </div>
  );
}

function CategoryArticles({ category, articleId }: { category: Classify; articleId: number | undefined }) {
  const articles = useQuery(classifyArticlesQueryOptions(category.classifyId));
  const article = articleId === undefined ? undefined : articles.data?.find((a) => a.articleId === articleId);
  usePageHead({ title: article?.title, description: article ? pageDescription(article.content) : undefined });
  if (articles.isPending) return <LinesSkeleton label="帮助文章" lines={6} />;
  if (articles.isError)
    return <ErrorState error={articles.error} title="文章加载失败" onRetry={() => void articles.refetch()} />;
  if (article) {
    return (
      <article aria-labelledby="help-article-title" className="help-article">
        <Link to="/help" search={{ category: category.classifyId }} className="back-link">
          ‹ 返回“{category.name}”
        </Link>
        <h2 id="help-article-title">{article.title}</h2>
        <p className="muted">更新于 {formatDate(article.updateTime, 'yyyy.MM.dd')}</p>
        <HtmlContent html={article.content} />
      </article>
    );
  }
  return (
    <section aria-labelledby="help-category-title">
      <h2 id="help-category-title">{category.name}</h2>
      {articleId !== undefined ? (
        <p role="alert" className="state-box state-error">
          该文章不存在或已下线
        </p>
      ) : null}
      {articles.data.length === 0 ? (
        <EmptyState title="该分类下暂无文章" />
      ) : (
        <ul className="article-list">
          {articles.data.map((a) => (
            <li key={a.articleId}>
              <Link to="/help" search={{ category: category.classifyId, article: a.articleId }}>
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
