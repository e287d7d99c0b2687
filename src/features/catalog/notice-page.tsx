/**
 * Notices `/notice?id=`: the list (pinned first, as the server orders it;
 * ids numbered from 1 by the API layer) as an accordion. Each closed notice
 * shows a plain-text preview (`textPreview`); the open one shows its body as
 * sanitised HTML. The open notice is the `id` in the URL, so a notice can be
 * linked to; one notice is open at a time.
 *
 * The list fetch turns failures into `[]` (spec section 7), so a failure
 * looks like an empty list.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { noticesQueryOptions, type Notice } from '../../api/assist';
import { usePageHead } from '../shell';
import { pageDescription } from './page-description';
import { HtmlContent } from '../../shared/ui/html-content';
import { EmptyState, LinesSkeleton } from '../../shared/ui/states';
import { formatDate, textPreview } from '../../shared/format';
import './catalog.css';

const routeApi = getRouteApi('/modal-wrap-layout/notice');

const PREVIEW_CHARS = 80;

export function NoticePage() {
  const { id } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { data, isPending } = useQuery(noticesQueryOptions());
  const openNotice = data?.find((n) => n.id === id);
  usePageHead({ title: openNotice?.title, description: openNotice ? pageDescription(openNotice.content) : undefined });

  // A deep link scrolls its notice into view once the list is there.
  const ready = data !== undefined;
  useEffect(() => {
    if (!ready || id === undefined) return;
    const element = document.getElementById(`notice-${id}`);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'start' });
    // Only on arrival: toggling notices later must not jump the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately runs when the list first arrives
  }, [ready]);

  const toggle = (notice: Notice) => {
    void navigate({ search: { id: notice.id === id ? undefined : notice.id }, replace: true, resetScroll: false });
  };

  return (
    <div className="notice-page">
      <h1>公告</h1>
      {isPending ? <LinesSkeleton label="公告" lines={8} /> : null}
      {data && data.length === 0 ? <EmptyState title="暂无公告" /> : null}
      {data && id !== undefined && !openNotice && data.length > 0 ? (
        <p role="alert" className="state-box state-error">
          该公告不存在或已下线
        </p>
      ) : null}
      {data && data.length > 0 ? (
        <ul className="notice-list">
          {data.map((notice) => {
            const open = notice.id === id;
            return (
              <li key={notice.id} id={`notice-${notice.id}`} className={open ? 'notice is-open' : 'notice'}>
                <h2 className="notice-heading">
                  <button
                    type="button"
                    id={`notice-button-${notice.id}`}
                    // A tap before the app holds a prerendered list is kept and acted on then (src/app/boot.js).
                    aria-expanded={open}
                    aria-controls={open ? `notice-panel-${notice.id}` : undefined}
                    onClick={() => toggle(notice)}
                  >
                    {notice.top ? <span className="badge badge-top">置顶</span> : null}
                    <span className="notice-title">{notice.title}</span>
                    <span className="notice-date">{formatDate(notice.publishTime, 'yyyy.MM.dd')}</span>
                  </button>
                </h2>
                {open ? (
                  <div
                    role="region"
                    id={`notice-panel-${notice.id}`}
                    aria-labelledby={`notice-button-${notice.id}`}
                    className="notice-body"
                  >
                    <p className="muted">发布时间：{formatDate(notice.publishTime, 'yyyy.MM.dd hh:mm')}</p>
                    <HtmlContent html={notice.content} />
                  </div>
                ) : (
                  <p className="notice-preview">{textPreview(notice.content, PREVIEW_CHARS)}</p>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
