import { Icon } from "../icons";
import type { FilledValues } from "../rich-text";

/**
 * Above a page that shows built-in sample values (the organizer or the support address
 * are not configured yet): nobody should write to, or rely on, an example.
 */
export function SampleValuesNotice({ values }: { values: FilledValues }) {
  if (!Object.values(values).some((filled) => filled?.sample)) return null;
  return (
    <div
      role="note"
      data-testid="sample-values-notice"
      className="mt-6 flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-5 sm:py-4"
    >
      <Icon name="info" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <p>
        <strong className="font-semibold">Datos de ejemplo.</strong> Los datos marcados como «dato de ejemplo» todavía
        no son los del organizador real: se reemplazan cuando el sitio se configura.
      </p>
    </div>
  );
}
