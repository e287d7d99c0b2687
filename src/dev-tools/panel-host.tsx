/**
 * Mounts the inspector panel in its own React root beside the store's (the
 * store's tree and router know nothing of it), and removes it again.
 */
import { createRoot, type Root } from 'react-dom/client';
import { InspectorPanel } from './inspector-panel';
import type { Recorder } from './recorder';

let mounted: { root: Root; container: HTMLElement; opener: Element | null } | undefined;

function closePanel(): void {
  if (!mounted) return;
  const { root, container, opener } = mounted;
  mounted = undefined;
  root.unmount();
  container.remove();
  if (opener instanceof HTMLElement) opener.focus();
}

/** Opens the panel, or closes it when it is open. */
export function togglePanel(recorder: Recorder, secrets: () => readonly (string | undefined)[]): void {
  if (mounted) {
    closePanel();
    return;
  }
  const container = document.createElement('div');
  container.id = 'inspector-root';
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container, opener: document.activeElement };
  root.render(<InspectorPanel recorder={recorder} secrets={secrets} onClose={closePanel} />);
}
