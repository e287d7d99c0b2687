/**
 * The chosen actor's chart as text, under the drawn one (./state-graph.tsx),
 * for screen readers and text search: its machine's states as a nested list, in the
 * order the generated charts list them, each with the transitions leaving it
 * named as the charts name them (scripts/lib/machine-introspection.ts, which
 * docs/machines/ is drawn from). The active states carry `aria-current` and are
 * highlighted; the list re-renders with every snapshot.
 */
import type { AnyStateNode } from 'xstate';
import { listTransitions, relativeStateName, type TransitionInfo } from '../../scripts/lib/machine-introspection';
import { STAYS, type MachineViewProps } from './chart-layout';

/** The ids of the state nodes active in a machine snapshot (its configuration). */
export function activeIds(snapshot: unknown): Set<string> {
  const nodes = (snapshot as { _nodes?: { id: string }[] } | undefined)?._nodes ?? [];
  return new Set(nodes.map((node) => node.id));
}

function edgeText(t: TransitionInfo): string {
  const guard = t.guard ? ` [${t.guard}]` : '';
  const targets = t.targets.length ? t.targets.map(relativeStateName).join(', ') : STAYS;
  return `${t.eventLabel}${guard} → ${targets}`;
}

function StateItem({
  node,
  active,
  edges,
}: {
  node: AnyStateNode;
  active: ReadonlySet<string>;
  edges: Map<AnyStateNode, TransitionInfo[]>;
}) {
  const isActive = active.has(node.id);
  const children = Object.values(node.states);
  const own = edges.get(node) ?? [];
  return (
    <li
      aria-label={node.key}
      aria-current={isActive ? 'true' : undefined}
      className={isActive ? 'inspector-state is-active' : 'inspector-state'}
    >
      <span className="inspector-state-name">
        {node.key}
        {node.type === 'parallel' ? ' (并行)' : node.type === 'final' ? ' (终态)' : ''}
      </span>
      {own.length > 0 && (
        <span className="inspector-edges">
          {own.map((t) => (
            <span key={t.key} className="inspector-edge">
              {edgeText(t)}
            </span>
          ))}
        </span>
      )}
      {children.length > 0 && (
        <ul>
          {children.map((child) => (
            <StateItem key={child.id} node={child} active={active} edges={edges} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function StateChart({ machine, active, label }: MachineViewProps) {
  const edges = new Map<AnyStateNode, TransitionInfo[]>();
  for (const t of listTransitions(machine)) edges.set(t.source, [...(edges.get(t.source) ?? []), t]);
  return (
    <ul className="inspector-chart" aria-label={`状态图 ${label}`}>
      <StateItem node={machine.root} active={active} edges={edges} />
    </ul>
  );
}
