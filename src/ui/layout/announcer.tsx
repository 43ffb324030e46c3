import { useInspector } from '../../state/react';

/** One polite live region for status: loads, counts, copies, errors. */
export function Announcer() {
  const text = useInspector((s) => s.announcement);
  return (
    <div aria-live="polite" role="status" className="sr-only" data-testid="announcer">
      {text}
    </div>
  );
}
