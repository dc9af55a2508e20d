import type { ContentIconName } from "~/content/icon-name";

/** Outline icons (24×24, stroke) drawn inline: no icon font, no runtime library. */
const ICON_PATHS = {
  menu: ["M4 6h16", "M4 12h16", "M4 18h16"],
  close: ["M6 6l12 12", "M18 6L6 18"],
  chevronLeft: ["M15 18l-6-6 6-6"],
  chevronRight: ["M9 18l6-6-6-6"],
  chevronDown: ["M6 9l6 6 6-6"],
  arrowRight: ["M5 12h14", "M13 6l6 6-6 6"],
  arrowLeft: ["M19 12H5", "M11 18l-6-6 6-6"],
  check: ["M5 12.5l4.5 4.5L19 7.5"],
  lock: ["M6 11h12v9H6z", "M8.5 11V8a3.5 3.5 0 0 1 7 0v3"],
  target: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z", "M12 11.5v1"],
  gift: ["M4 11h16v9H4z", "M3 7h18v4H3z", "M12 7v13", "M12 7c-1.5-3-5-3.5-5-1s3 1 5 1zm0 0c1.5-3 5-3.5 5-1s-3 1-5 1z"],
  clock: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7v5l3 2"],
  users: [
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
    "M2.5 20c.5-3.5 3.2-5.5 6.5-5.5s6 2 6.5 5.5",
    "M16 4.5a3.5 3.5 0 0 1 0 6.5",
    "M18 14.5c2 .6 3.2 2.5 3.5 5.5",
  ],
  globe: [
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
    "M3 12h18",
    "M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z",
  ],
  calendar: ["M4 6h16v14H4z", "M4 10h16", "M8 3v4", "M16 3v4"],
  star: ["M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"],
  badgeCheck: [
    "M12 2.5l2.4 1.8 3 .1.9 2.8 2.4 1.9-.9 2.9.9 2.9-2.4 1.9-.9 2.8-3 .1L12 21.5l-2.4-1.8-3-.1-.9-2.8-2.4-1.9.9-2.9-.9-2.9 2.4-1.9.9-2.8 3-.1z",
    "M8.5 12l2.5 2.5 4.5-5",
  ],
  search: ["M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z", "M20 20l-4-4"],
  mail: ["M3 6h18v12H3z", "M3 7l9 6 9-6"],
  sparkles: [
    "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z",
    "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
  ],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z", "M8.5 12l2.5 2.5 4.5-5"],
  refresh: ["M20 11a8 8 0 0 0-14.9-3.5", "M4 4v4h4", "M4 13a8 8 0 0 0 14.9 3.5", "M20 20v-4h-4"],
  alert: ["M12 3L2 20h20z", "M12 10v4", "M12 17v.5"],
  info: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 11v5", "M12 7.5v.5"],
  heart: ["M12 20s-7.5-4.5-7.5-10A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 7.5 3c0 5.5-7.5 10-7.5 10z"],
  trophy: [
    "M8 4h8v5a4 4 0 0 1-8 0z",
    "M8 6H4.5c0 3 1.5 4.5 3.8 4.8",
    "M16 6h3.5c0 3-1.5 4.5-3.8 4.8",
    "M12 13v4",
    "M8 20h8",
    "M9.5 17h5v3h-5z",
  ],
  message: ["M4 5h16v11H9l-5 4z"],
  user: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4.5 20c.8-3.6 3.8-6 7.5-6s6.7 2.4 7.5 6"],
  chart: ["M4 20h16", "M7 16v-4", "M12 16V8", "M17 16v-7"],
  mapPin: [
    "M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z",
    "M12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
  ],
  quote: ["M9.5 7H6a1 1 0 0 0-1 1v4h4v1.5c0 1.5-1 2.5-2.5 3", "M19 7h-3.5a1 1 0 0 0-1 1v4h4v1.5c0 1.5-1 2.5-2.5 3"],
} as const satisfies Record<ContentIconName, readonly string[]> & Record<string, readonly string[]>;

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
