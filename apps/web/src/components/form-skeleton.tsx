/** A form's shape (labelled fields and a submit button) while its code loads. */
export function FormSkeleton({ fields }: { fields: number }) {
  return (
    <div aria-hidden="true" data-testid="form-skeleton" className="flex flex-col gap-4">
      {Array.from({ length: fields }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="flex flex-col gap-1.5">
          <span className="h-[19px] w-24 animate-pulse rounded bg-ink-800" />
          <span className="h-11 animate-pulse rounded-lg bg-ink-800/70" />
        </div>
      ))}
      <span className="h-12 animate-pulse rounded-lg bg-ink-800" />
    </div>
  );
}
