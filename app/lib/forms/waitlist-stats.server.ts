import type { Kysely } from "kysely";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { ARGENTINA_OFFSET_MS, argentinaWallClock } from "~/lib/draw/next-draw";
import { outboxCounts, type OutboxCounts } from "~/lib/mail/outbox.server";
import type { Tables, WaitlistStatus } from "~/lib/storage/schema";
import { noticeProgress, type NoticeProgress } from "./survey-notice.server";
import { countByStatus, countPerPeriod, deleteExpired } from "./waitlist-rows.server";

const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
/** The weeks `npm run waitlist:stats` shows: this one and the seven before it. */
const WEEKS_SHOWN = 8;

/** An ISO week (Monday to Sunday) on Argentina's wall clock, where the organizer reads it. */
export interface Week {
  /** "2026-W48": the ISO 8601 week-numbering year and week. */
  label: string;
  /** Its Monday at 00:00 in Argentina, epoch ms. */
  start: number;
}

/** The ISO week that holds `instant`, in Argentina time (UTC−3 all year: every week is 7 × 24 h). */
function isoWeekOf(instant: number): Week {
  const wallClock = argentinaWallClock(instant);
  const daysSinceMonday = (wallClock.getUTCDay() + 6) % 7;
  const monday = Date.UTC(
    wallClock.getUTCFullYear(),
    wallClock.getUTCMonth(),
    wallClock.getUTCDate() - daysSinceMonday,
  );
  // ISO 8601: a week belongs to the year of its Thursday, and week 1 is the one with the year's first Thursday.
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS);
  return { label: `${year}-W${String(week).padStart(2, "0")}`, start: monday - ARGENTINA_OFFSET_MS };
}

export interface WeekFigures extends Week {
  signUps: number;
  confirmations: number;
}

export interface WaitlistStats {
  now: number;
  statuses: Record<WaitlistStatus, number>;
  /** Oldest first; the last is the week in progress. */
  weeks: WeekFigures[];
  outbox: OutboxCounts;
  notices: NoticeProgress[];
}

/**
 * The figures `npm run waitlist:stats` prints, as of `now`. Unconfirmed addresses whose link
 * has expired are deleted first, as the export does, so both count the same list. Sign-ups and
 * confirmations are counted from the rows kept: an address deleted since (an expired link, the
 * delete link, a request) no longer counts in its week.
 */
export async function waitlistStats(db: Kysely<Tables>, now: number): Promise<WaitlistStats> {
  await deleteExpired(db, now);
  const current = isoWeekOf(now);
  const weeks = Array.from({ length: WEEKS_SHOWN }, (_, index) =>
    isoWeekOf(current.start - (WEEKS_SHOWN - 1 - index) * WEEK_MS),
  );
  const periods = { from: weeks[0]!.start, periodMs: WEEK_MS, count: WEEKS_SHOWN };
  const [statuses, signUps, confirmations, outbox, notices] = await Promise.all([
    countByStatus(db),
    countPerPeriod(db, "subscribed_at", periods),
    countPerPeriod(db, "confirmed_at", periods),
    outboxCounts(db),
    noticeProgress(db),
  ]);
  return {
    now,
    statuses: {
      pending: statuses.pending ?? 0,
      confirmed: statuses.confirmed ?? 0,
      unsubscribed: statuses.unsubscribed ?? 0,
    },
    weeks: weeks.map((week, index) => ({ ...week, signUps: signUps[index]!, confirmations: confirmations[index]! })),
    outbox,
    notices,
  };
}

const instant = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());
/** "23/11/2026": a week's Monday as the organizer reads dates. */
const day = (ms: number) => instant(ms).split(",")[0]!;

/** The stats as plain text for the organizer (Spanish, one figure per line, the weeks as a table). */
export function describeWaitlistStats(stats: WaitlistStats): string {
  const { statuses, outbox } = stats;
  const total = statuses.pending + statuses.confirmed + statuses.unsubscribed;
  const figure = (label: string, value: number) => `  ${`${label}:`.padEnd(48)}${String(value).padStart(7)}`;
  const row = (cells: string[]) =>
    `  ${cells[0]!.padEnd(10)}${cells[1]!.padEnd(13)}${cells[2]!.padStart(9)}${cells[3]!.padStart(13)}`;
  return [
    `Lista de avisos de Opinion Labz, al ${instant(stats.now)} (hora de Argentina)`,
    "",
    "Direcciones",
    figure("pendientes de confirmar", statuses.pending),
    figure("confirmadas", statuses.confirmed),
    figure("dadas de baja (no les escribimos)", statuses.unsubscribed),
    figure("total", total),
    "",
    `Por semana, las últimas ${WEEKS_SHOWN} (semanas ISO de lunes a domingo, hora de Argentina)`,
    row(["semana", "desde el", "anotados", "confirmados"]),
    ...stats.weeks.map(
      (week, index) =>
        `${row([week.label, day(week.start), String(week.signUps), String(week.confirmations)])}${index === stats.weeks.length - 1 ? "  (en curso)" : ""}`,
    ),
    "  Cuentan las direcciones que siguen en la lista: las borradas (enlace vencido o a pedido) ya no figuran.",
    "",
    "Emails en el outbox",
    figure("en espera, sin intentar todavía", outbox.queued),
    figure("en espera, reintentando después de un error", outbox.retrying),
    figure("enviados (se guardan 30 días)", outbox.sent),
    figure("no enviados, abandonados (se guardan 30 días)", outbox.givenUp),
    "",
    "Avisos de encuestas abiertas (npm run waitlist:notify)",
    ...(stats.notices.length === 0
      ? ["  ninguno todavía"]
      : stats.notices.flatMap((notice) => [
          `  ${notice.surveyUrl}, desde el ${instant(notice.startedAt)}`,
          figure("  encolados", notice.queued),
          figure("  enviados", notice.sent),
          figure("  por enviar (al ritmo de NOTICE_MAILS_PER_HOUR)", notice.waiting),
          figure("  abandonados", notice.givenUp),
        ])),
    "  Los enviados y abandonados se cuentan mientras el outbox los guarda (30 días).",
    "",
  ].join("\n");
}
