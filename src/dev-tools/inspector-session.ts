/**
 * The one recording of this page view: started by src/app/inspector.ts before
 * the root actor exists (dev and mock builds only), so every actor of the
 * system is seen from its start; the panel opens from /demo's button or with
 * the key chord Alt+Shift+I.
 */
import { clientState } from '../api/client-state';
import { createRecorder, type Recorder } from './recorder';

let recorder: Recorder | undefined;
const secrets = () => [clientState.get().token];

/** Opens the panel, or closes it when it is open; the panel's code is loaded on the first call. */
export async function toggleInspectorPanel(): Promise<void> {
  const { togglePanel } = await import('./panel-host');
  recorder ??= createRecorder({ secrets });
  togglePanel(recorder, secrets);
}

/**
 * Alt+Shift+I (by key position, so any layout).
 * @internal
 */
export const isInspectorChord = (event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI';

/** Starts recording (once) and installs the key chord; returns the `inspect` observer for the root actor. */
export function startInspectorSession(target: Pick<Window, 'addEventListener'> = window): Recorder['inspect'] {
  if (!recorder) {
    recorder = createRecorder({ secrets });
    target.addEventListener('keydown', (event) => {
      if (!isInspectorChord(event)) return;
      event.preventDefault();
      void toggleInspectorPanel();
    });
  }
  return recorder.inspect;
}
