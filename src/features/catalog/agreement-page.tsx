/**
 * Agreement `/agreement?doc=user|privacy`: the user agreement and the privacy
 * policy, the articles of the `agreement` help category, as two tabs. The
 * tab is the `doc` in the URL (user agreement by default), so the footer and
 * the login form can link to either text. Each text ends with who it is
 * agreed with: the operator, its ICP licence number and the service hours
 * (src/shared/operator.ts, the build's variables; docs/decisions/0019-money-path-trust-and-budget.md).
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { classifiesQueryOptions, classifyArticlesQueryOptions, type Classify } from '../../api/assist';
import { usePageTitle } from '../shell';
import { AGREEMENT_TITLES, agreementDocOf, type AgreementDoc } from './agreement-doc';
import { HtmlContent } from '../../shared/ui/html-content';
import { EmptyState, ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { Tabs } from '../../shared/ui/tabs';
import { formatDate } from '../../shared/format';
import { operatorInfo, operatorLines } from '../../shared/operator';
import './catalog.css';

const routeApi = getRouteApi('/modal-wrap-layout/agreement');

const DOCS: AgreementDoc[] = ['user', 'privacy'];

export function AgreementPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const doc: AgreementDoc = search.doc ?? 'user';
  usePageTitle(AGREEMENT_TITLES[doc]);
  const classifies = useQuery(classifiesQueryOptions());
  const category = classifies.data?.find((c) => c.code === 'agreement');
  return (
    <div className="agreement-page">
      <h1>用户协议与隐私政策</h1>
      <Tabs
        label="协议"
        items={DOCS.map((key) => ({ key, label: AGREEMENT_TITLES[key] }))}
        selected={doc}
        onSelect={(key) => void navigate({ search: { doc: key }, replace: true, resetScroll: false })}
      >
        {classifies.isPending ? (
          <LinesSkeleton label={AGREEMENT_TITLES[doc]} lines={10} />
        ) : category ? (
          <AgreementText category={category} doc={doc} />
        ) : (
          <EmptyState title="协议内容暂时无法显示，请稍后再试" />
        )}
      </Tabs>
    </div>
  );
}

function AgreementText({ category, doc }: { category: Classify; doc: AgreementDoc }) {
  const articles = useQuery(classifyArticlesQueryOptions(category.classifyId));
  if (articles.isPending) return <LinesSkeleton label={AGREEMENT_TITLES[doc]} lines={10} />;
  if (articles.isError) return <ErrorState error={articles.error} onRetry={() => void articles.refetch()} />;
  const article = articles.data.find((a) => agreementDocOf(a) === doc);
  if (!article) return <EmptyState title={`${AGREEMENT_TITLES[doc]}暂未发布`} />;
  return (
    <article aria-labelledby="agreement-title" className="agreement-text">
      <h2 id="agreement-title">{article.title}</h2>
      <p className="muted">更新于 {formatDate(article.updateTime, 'yyyy.MM.dd')}</p>
      <HtmlContent html={article.content} />
      <Operator />
    </article>
  );
}

/** The party to the agreement, as the footer names it (the same build variables). */
function Operator() {
  return (
    <section aria-labelledby="agreement-operator" className="agreement-operator">
      <h3 id="agreement-operator">经营者信息</h3>
      <ul>
        {operatorLines(operatorInfo(import.meta.env)).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
