import type { CountryCode } from "~/content/sorteos-winners";

type Shape = { x: number; y: number; w: number; h: number; fill: string };

/** Five-pointed star centred in Chile's canton (a 1×1 square in the 3×2 flag). */
const CHILE_STAR = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 0.25 : 0.1;
  const angle = -Math.PI / 2 + (i * Math.PI) / 5;
  return `${(0.5 + radius * Math.cos(angle)).toFixed(3)},${(0.5 + radius * Math.sin(angle)).toFixed(3)}`;
}).join(" ");

/** Simplified flags on a 3×2 grid: drawn inline because emoji flags need a font many systems lack. */
const FLAGS: Record<CountryCode, { shapes: Shape[]; emblem?: { fill: string; star?: boolean } }> = {
  AR: {
    shapes: [
      { x: 0, y: 0, w: 3, h: 2, fill: "#74acdf" },
      { x: 0, y: 2 / 3, w: 3, h: 2 / 3, fill: "#ffffff" },
    ],
    emblem: { fill: "#f6b40e" },
  },
  MX: {
    shapes: [
      { x: 0, y: 0, w: 1, h: 2, fill: "#006847" },
      { x: 1, y: 0, w: 1, h: 2, fill: "#ffffff" },
      { x: 2, y: 0, w: 1, h: 2, fill: "#ce1126" },
    ],
    emblem: { fill: "#8c5a2b" },
  },
  CO: {
    shapes: [
      { x: 0, y: 0, w: 3, h: 1, fill: "#fcd116" },
      { x: 0, y: 1, w: 3, h: 0.5, fill: "#003893" },
      { x: 0, y: 1.5, w: 3, h: 0.5, fill: "#ce1126" },
    ],
  },
  CL: {
    shapes: [
      { x: 0, y: 0, w: 3, h: 1, fill: "#ffffff" },
      { x: 0, y: 1, w: 3, h: 1, fill: "#d52b1e" },
      { x: 0, y: 0, w: 1, h: 1, fill: "#0039a6" },
    ],
    emblem: { fill: "#ffffff", star: true },
  },
};

/** Decorative: the country's name is always written next to it. */
export function CountryFlag({ code, className = "h-4 w-6" }: { code: CountryCode; className?: string }) {
  const { shapes, emblem } = FLAGS[code];
  return (
    <svg viewBox="0 0 3 2" className={`${className} overflow-hidden rounded-sm ring-1 ring-slate-900/10`} aria-hidden="true" focusable="false">
      {shapes.map((shape) => (
        <rect key={`${shape.x}-${shape.y}-${shape.fill}`} x={shape.x} y={shape.y} width={shape.w} height={shape.h} fill={shape.fill} />
      ))}
      {emblem?.star ? <polygon points={CHILE_STAR} fill={emblem.fill} /> : null}
      {emblem && !emblem.star ? <circle cx={1.5} cy={1} r={0.22} fill={emblem.fill} /> : null}
    </svg>
  );
}
