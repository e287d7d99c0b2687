/**
 * The inspector's panel (dev and mock builds only, loaded on demand with
 * ./panel-host.tsx): every actor of the root system, running or stopped; the
 * chosen actor's chart with its active states, and its context; the last 100
 * events with time, source and target, filterable by actor, each showing the
 * snapshot after it when chosen; and "导出本次会话", the session log as JSON.
 * Nothing personal in clear: contexts, events and the log go through ./mask.ts.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { describeSnapshot, type RecordedActor, type RecordedEvent, type Recorder } from './recorder';
import { activeIds, StateChart } from './state-chart';
import { StateGraph } from './state-graph';
import './inspector.css';

/** @internal */
export const SHOWN_EVENTS = 100;
const LOG_FILE_NAME = 'inspector-session.json';

export interface InspectorPanelProps {
  recorder: Recorder;
  onClose: () => void;
  /** Strings to filter wherever they appear (the request token). */
  secrets?: () => readonly (string | undefined)[];
  /** Writes the exported log; default: the browser downloads it as `inspector-session.json`. */
  save?: (fileName: string, text: string) => void;
}

let lastDownload: string | undefined;

function download(fileName: string, text: string): void {
  // The previous file's download has long started: its URL can go now (revoking this one at once may cancel it).
  if (lastDownload) URL.revokeObjectURL(lastDownload);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  lastDownload = url;
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const formatTime = (ms: number) => `+${(ms / 1000).toFixed(3)} s`;

function ActorList({
  recorder,
  chosen,
  onChoose,
}: {
  recorder: Recorder;
  chosen: RecordedActor | undefined;
  onChoose: (actor: RecordedActor) => void;
}) {
  return (
    <section className="inspector-section" aria-label="Actor 列表">
      <h3>Actor</h3>
      <ul className="inspector-actors">
        {recorder.actors().map((actor) => (
          <li key={actor.sessionId}>
            <button type="button" aria-pressed={actor === chosen} onClick={() => onChoose(actor)}>
              {actor.label}（{recorder.isRunning(actor) ? '运行中' : '已停止'}）
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EventLog({
  recorder,
  chosenEvent,
  onChoose,
}: {
  recorder: Recorder;
  chosenEvent: RecordedEvent | undefined;
  onChoose: (event: RecordedEvent) => void;
}) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const shown = recorder
    .events()
    .filter((e) => !filter || e.target.sessionId === filter || e.source?.sessionId === filter)
    .slice(-SHOWN_EVENTS);
  return (
    <section className="inspector-section" aria-label="最近事件">
      <h3>最近事件</h3>
      <label htmlFor={filterId}>按 actor 筛选</label>{' '}
      <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value)}>
        <option value="">全部</option>
        {recorder.actors().map((actor) => (
          <option key={actor.sessionId} value={actor.sessionId}>
            {actor.label}
          </option>
        ))}
      </select>
      <table className="inspector-events">
        <caption>最近 {SHOWN_EVENTS} 个事件（点击查看事件后的快照）</caption>
        <thead>
          <tr>
            <th scope="col">时间</th>
            <th scope="col">事件</th>
            <th scope="col">来源</th>
            <th scope="col">目标</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e) => (
            <tr key={e.seq}>
              <td>{formatTime(e.time)}</td>
              <td>
                <button type="button" aria-pressed={e === chosenEvent} onClick={() => onChoose(e)}>
                  {e.event.type}
                </button>
              </td>
              <td>{e.source?.label ?? '外部'}</td>
              <td>{e.target.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function InspectorPanel({ recorder, onClose, secrets = () => [], save = download }: InspectorPanelProps) {
  const titleId = useId();
  useSyncExternalStore(recorder.subscribe, recorder.version);
  const [chosen, setChosen] = useState<RecordedActor>();
  const [chosenEvent, setChosenEvent] = useState<RecordedEvent>();
  const actor = chosen ?? recorder.actors()[0];
  const snapshot = actor?.ref.getSnapshot() as { context?: unknown } | undefined;
  const active = activeIds(snapshot);
  return (
    <aside className="inspector" aria-labelledby={titleId}>
      <header className="inspector-header">
        <h2 id={titleId}>状态机检查器</h2>
        <button type="button" onClick={() => save(LOG_FILE_NAME, pretty(recorder.exportLog()))}>
          导出本次会话
        </button>
        <button type="button" onClick={onClose}>
          关闭检查器
        </button>
      </header>
      <ActorList recorder={recorder} chosen={actor} onChoose={setChosen} />
      {actor && (
        <>
          <section className="inspector-section" aria-label={`状态 ${actor.label}`}>
            <h3>{actor.label} 的状态</h3>
            {actor.machine ? (
              <>
                <StateGraph machine={actor.machine} active={active} label={actor.label} />
                <StateChart machine={actor.machine} active={active} label={actor.label} />
              </>
            ) : (
              <p>不是状态机（{String((snapshot as { status?: unknown } | undefined)?.status)}）</p>
            )}
          </section>
          <section className="inspector-section" aria-label={`上下文 ${actor.label}`}>
            <h3>{actor.label} 的上下文</h3>
            <pre>{pretty(describeSnapshot(snapshot, secrets()) ?? null)}</pre>
          </section>
        </>
      )}
      <EventLog recorder={recorder} chosenEvent={chosenEvent} onChoose={setChosenEvent} />
      {chosenEvent && (
        <section className="inspector-section" aria-label="事件后的快照">
          <h3>
            #{chosenEvent.seq} {chosenEvent.event.type} 之后的 {chosenEvent.target.label}
          </h3>
          <pre>{pretty(describeSnapshot(chosenEvent.snapshot, secrets()) ?? null)}</pre>
        </section>
      )}
    </aside>
  );
}
