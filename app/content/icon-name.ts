/**
 * The pictures content may ask for. Content names them; `app/components/icons.tsx` draws
 * them and fails to compile if one is missing.
 */
export type ContentIconName = "badgeCheck" | "clock" | "gift" | "lock" | "message" | "shield" | "target" | "trophy";
