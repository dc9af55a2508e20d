import type { HTMLAttributes, ReactNode } from "react";

type BlockTag = "div" | "p" | "ul";

/**
 * A block painted whole or not at all while the page arrives on a slow network: the rule
 * on `[data-paint-when-complete]` in app/tailwind.css keeps it invisible (in its space)
 * until its last child, the `data-complete` marker, has arrived (docs/decisions/018-no-layout-shift-on-a-slow-network.md). The marker is an `li` in a list, so the list stays valid.
 */
export function PaintedWhole({
  as: Block = "div",
  children,
  ...attributes
}: { as?: BlockTag; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const Marker = Block === "ul" ? "li" : "span";
  return (
    <Block data-paint-when-complete {...attributes}>
      {children}
      <Marker hidden data-complete />
    </Block>
  );
}
