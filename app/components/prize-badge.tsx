import { Icon } from "./icons";

/** The amber "Visa US$200" pill every winner card shows. */
export function PrizeBadge({ prize, size = "md" }: { prize: string; size?: "sm" | "md" }) {
  const sizing = size === "sm" ? "gap-1 px-2.5 text-xs" : "gap-1.5 px-3 text-sm";
  return (
    <span className={`inline-flex items-center rounded-full bg-amber-100 py-1 font-semibold text-amber-900 ${sizing}`}>
      <Icon name="gift" className={size === "sm" ? "h-3.5 w-3.5" : "h-4 w-4"} />
      {prize}
    </span>
  );
}
