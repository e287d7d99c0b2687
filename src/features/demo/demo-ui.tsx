/** What every panel of the /demo console is made of: a titled section, a labelled control, and the way an action reports. */
import { useId, type ReactNode } from 'react';

/**
 * Runs one action of the console: while it runs the buttons are disabled, and what it returns (or why it
 * failed) is the status line. Given to every panel by ./demo-page.tsx.
 */
export interface ConsoleActions {
  run: (action: () => Promise<string>) => Promise<void>;
  say: (message: string) => void;
  busy: boolean;
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="demo-panel">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
