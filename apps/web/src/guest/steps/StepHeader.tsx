import type { ReactNode } from 'react';

/** A step's title (focused on arrival, for screen readers and keyboards) and its explanation. */
export function StepHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="g-step-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <p className="g-muted">{children}</p>}
    </header>
  );
}
