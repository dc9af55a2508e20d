import type { CountryCode } from "~/content/sorteos-winners";

type Rect = { x: number; y: number; w: number; h: number; fill: string };

/** Bands across a 3×2 flag, each as wide as its share of the weights. */
function stripes(direction: "across" | "down", bands: [fill: string, weight: number][]): Rect[] {
  const total = bands.reduce((sum, [, weight]) => sum + weight, 0);
  let offset = 0;
  return bands.map(([fill, weight]) => {
    const start = offset;
    offset += weight / total;
    return direction === "across"
      ? { x: 0, y: start * 2, w: 3, h: (weight / total) * 2, fill }
      : { x: start * 3, y: 0, w: (weight / total) * 3, h: 2, fill };
  });
}

/** Five-pointed star centred in Chile's canton (a 1×1 square in the 3×2 flag). */
const CHILE_STAR = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 0.25 : 0.1;
  const angle = -Math.PI / 2 + (i * Math.PI) / 5;
  return `${(0.5 + radius * Math.cos(angle)).toFixed(3)},${(0.5 + radius * Math.sin(angle)).toFixed(3)}`;
}).join(" ");

type Emblem = { kind: "disc"; fill: string } | { kind: "star" };

/** Simplified flags, drawn inline because emoji flags need a font many systems lack. */
const FLAGS: Record<CountryCode, { rects: Rect[]; emblem?: Emblem }> = {
  AR: {
    rects: stripes("across", [
      ["#74acdf", 1],
      ["#ffffff", 1],
      ["#74acdf", 1],
    ]),
    emblem: { kind: "disc", fill: "#f6b40e" },
  },
  MX: {
    rects: stripes("down", [
      ["#006847", 1],
      ["#ffffff", 1],
      ["#ce1126", 1],
    ]),
    emblem: { kind: "disc", fill: "#8c5a2b" },
  },
  CO: {
    rects: stripes("across", [
      ["#fcd116", 2],
      ["#003893", 1],
      ["#ce1126", 1],
    ]),
  },
  CL: {
    rects: [
      ...stripes("across", [
        ["#ffffff", 1],
        ["#d52b1e", 1],
      ]),
      { x: 0, y: 0, w: 1, h: 1, fill: "#0039a6" },
    ],
    emblem: { kind: "star" },
  },
};

/** Decorative: the country's name is always written next to it. */
export function CountryFlag({ code, className = "h-4 w-6" }: { code: CountryCode; className?: string }) {
  const { rects, emblem } = FLAGS[code];
  return (
    <svg
      viewBox="0 0 3 2"
      className={`${className} rounded-sm ring-1 ring-slate-900/10`}
      aria-hidden="true"
      focusable="false"
    >
      {rects.map((rect, index) => (
        <rect key={index} x={rect.x} y={rect.y} width={rect.w} height={rect.h} fill={rect.fill} />
      ))}
      {emblem?.kind === "star" ? <polygon points={CHILE_STAR} fill="#ffffff" /> : null}
      {emblem?.kind === "disc" ? <circle cx={1.5} cy={1} r={0.22} fill={emblem.fill} /> : null}
    </svg>
  );
}
