/** Compact, readable JSON for before/after values in the audit log. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-fg-subtle">—</span>;
  return (
    <pre className="max-h-64 overflow-auto rounded bg-ink-950 p-2 font-mono text-[11px] leading-relaxed text-fg-muted">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
