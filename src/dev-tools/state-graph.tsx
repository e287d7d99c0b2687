/**
 * The chosen actor's chart, drawn: ./chart-layout.ts places the machine's
 * states and transitions (the generated charts' reading of it) once per
 * machine; every snapshot only changes which states are marked active, each a
 * `group` named by its path with `aria-current` and a yellow box, as the
 * nested list beside it marks them (./state-chart.tsx). Drawn at its own size
 * and scrolled in the panel to keep the active state in view, or scaled down
 * to the panel's width.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  chartOf,
  LINE_HEIGHT,
  STAYS,
  textWidth,
  type ChartEdge,
  type ChartLayout,
  type ChartState,
  type MachineViewProps,
  type Point,
} from './chart-layout';

const PAD_X = 8;
const PAD_Y = 4;
const BASELINE = 12;

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

function StateBox({ state, active }: { state: ChartState; active: ReadonlySet<string> }) {
  const isActive = active.has(state.id);
  const { box, header } = state;
  const classes = [
    'inspector-node',
    state.cluster ? 'is-cluster' : 'is-leaf',
    state.region ? 'is-region' : '',
    state.type === 'any' ? 'is-any' : '',
    isActive ? 'is-active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const textX = header.x + PAD_X;
  const lineY = (index: number) => header.y + PAD_Y + BASELINE + index * LINE_HEIGHT;
  return (
    <g role="group" aria-label={state.name} aria-current={isActive ? 'true' : undefined} className={classes}>
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={state.cluster ? 6 : 4}
        className="inspector-node-box"
      />
      {state.type === 'final' && (
        <rect
          x={box.x + 3}
          y={box.y + 3}
          width={box.width - 6}
          height={box.height - 6}
          rx={3}
          className="inspector-node-box"
        />
      )}
      <text x={textX} y={lineY(0)} className="inspector-node-title">
        {state.title}
      </text>
      {state.lines.map((line, i) => (
        <text key={line} x={textX} y={lineY(i + 1)} className="inspector-node-line">
          {line}
        </text>
      ))}
      {state.loops.map((loop, i) => (
        <text
          key={loop.key}
          x={textX}
          y={lineY(state.lines.length + i + 1)}
          className="inspector-node-line"
          role="img"
          aria-label={`${loop.label}${STAYS}`}
        >
          ↻ {loop.label}
        </text>
      ))}
      {state.children.map((child) => (
        <StateBox key={child.id} state={child} active={active} />
      ))}
    </g>
  );
}

function EdgeLine({ edge, arrow, dot }: { edge: ChartEdge; arrow: string; dot: string }) {
  const name = edge.initial
    ? `初始状态：${edge.source ? `${edge.source} → ` : ''}${edge.target}`
    : `${edge.label}：${edge.source} → ${edge.target}`;
  return (
    <g role="img" aria-label={name} className={edge.initial ? 'inspector-edge-line is-initial' : 'inspector-edge-line'}>
      <path
        d={pathOf(edge.points)}
        markerEnd={`url(#${arrow})`}
        markerStart={edge.initial && edge.source ? `url(#${dot})` : undefined}
      />
      {edge.labelAt && (
        <>
          <rect
            x={edge.labelAt.x - textWidth(edge.label) / 2 - 2}
            y={edge.labelAt.y - LINE_HEIGHT / 2}
            width={textWidth(edge.label) + 4}
            height={LINE_HEIGHT}
            className="inspector-edge-label-box"
          />
          <text x={edge.labelAt.x} y={edge.labelAt.y + 4} textAnchor="middle" className="inspector-edge-label">
            {edge.label}
          </text>
        </>
      )}
    </g>
  );
}

function Drawing({
  layout,
  active,
  label,
  fit,
}: {
  layout: ChartLayout;
  active: ReadonlySet<string>;
  label: string;
  fit: boolean;
}) {
  const id = useId().replace(/:/g, '');
  const arrow = `${id}-arrow`;
  const dot = `${id}-dot`;
  return (
    <svg
      role="group"
      aria-label={`状态图示 ${label}`}
      className="inspector-drawing"
      width={fit ? '100%' : layout.width}
      height={fit ? undefined : layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
    >
      <defs>
        <marker
          id={arrow}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
        <marker id={dot} viewBox="0 0 10 10" refX="5" refY="5" markerWidth="6" markerHeight="6">
          <circle cx="5" cy="5" r="4" />
        </marker>
      </defs>
      {layout.start && (
        <circle cx={layout.start.x} cy={layout.start.y} r={5} className="inspector-start" aria-hidden="true" />
      )}
      {layout.states.map((state) => (
        <StateBox key={state.id || 'any'} state={state} active={active} />
      ))}
      {layout.edges.map((edge) => (
        <EdgeLine key={edge.key} edge={edge} arrow={arrow} dot={dot} />
      ))}
    </svg>
  );
}

/** The box of the last active state in document order: the innermost active state (of the last region, in a parallel state). */
function deepestActive(states: ChartState[], active: ReadonlySet<string>): ChartState['box'] | undefined {
  let found: ChartState['box'] | undefined;
  const visit = (state: ChartState) => {
    if (active.has(state.id)) found = state.box;
    state.children.forEach(visit);
  };
  states.forEach(visit);
  return found;
}

/** The drawn chart of `machine` with the states in `active` (XState state node ids) marked. */
export function StateGraph({ machine, active, label }: MachineViewProps) {
  const drawn = useMemo(() => {
    try {
      return { layout: chartOf(machine) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [machine]);
  const [fit, setFit] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // At its own size the chart is larger than the panel: keep the deepest active state in view as it moves.
  const focus = drawn.layout ? deepestActive(drawn.layout.states, active) : undefined;
  useEffect(() => {
    const element = frame.current;
    if (!element || fit || !focus) return;
    element.scrollLeft = Math.max(0, focus.x + focus.width / 2 - element.clientWidth / 2);
    element.scrollTop = Math.max(0, focus.y + focus.height / 2 - element.clientHeight / 2);
  }, [focus, fit]);
  if (!drawn.layout) return <p role="status">无法绘制状态图（{drawn.error}），见下方列表。</p>;
  return (
    <>
      <button type="button" aria-pressed={fit} onClick={() => setFit(!fit)}>
        缩放到面板宽度
      </button>
      <div className="inspector-drawing-frame" ref={frame}>
        <Drawing layout={drawn.layout} active={active} label={label} fit={fit} />
      </div>
    </>
  );
}
