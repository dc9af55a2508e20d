import type {
  DrawVerdict,
  MissedDraw,
  PendingDraw,
  PublishedDraw,
  PublishedWitnesses,
} from "~/lib/draw/published-draw";
import { quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { countOf } from "~/lib/ui/wording";
import { continued, drawMonth, line, spokenInstant } from "./command-text";
import { prizeCalendar } from "./prize.server";
import type { DrawRecord, DrawSummary } from "./stored-draws.server";
import { witnessConfig } from "./witnesses.server";

/**
 * The records as the draw commands print them to the organizer (docs/operations.md, "Draw
 * day"): a drawn month, its seals, the draw under way, a day with no draw, the server's check and
 * the prize's calendar, in Spanish, every instant in Argentina time and then exactly; the
 * instants of seals read from the seals.
 */

/** The earliest instant a statement's seals state, or null. */
const firstSeal = (witnesses: PublishedWitnesses, kind: keyof PublishedWitnesses) =>
  (witnesses[kind]?.tokens ?? []).map((token) => Date.parse(token.stampedAt)).sort((a, b) => a - b)[0] ?? null;

/** The record as text: what `run`, `redraw`, `claimed` and `status` print. */
export function describeDraw(view: PublishedDraw): string {
  const rehearsal = view.rounds.some((round) => round.rehearsal);
  const lines = [
    `Sorteo del ${spokenInstant(Date.parse(view.drawAt))}${
      rehearsal ? " — ENSAYO con una clave de prueba: no es un sorteo válido" : ""
    }${view.sample ? " — planilla de EJEMPLO: no son participantes reales" : ""}`,
    line("regla", view.rule),
  ];
  const sealed = firstSeal(view.witnesses, "list");
  lines.push(
    line("lista cerrada", sealed === null ? "sin sellos" : `el ${spokenInstant(sealed)} (su primer sello)`),
    line("participaciones", String(view.entryCount)),
    line("huella de la lista", view.listHash),
    line("lista de IDs", view.listUrl),
  );
  if (view.commitment !== null && view.committedAt !== null) {
    lines.push(line("compromiso", `${view.commitment} (publicado el ${spokenInstant(Date.parse(view.committedAt))})`));
  }
  if (view.seed !== null) lines.push(line("semilla", view.seed));
  view.rounds.forEach((round, index) => {
    lines.push(
      line(`ronda ${index}`, `valor ${round.beacon} (${round.beaconSource})`),
      continued(
        `ganó el ID ${round.winnerId}, publicado como "${round.winnerName}"${round.winnerCountry ? ` (${round.winnerCountry})` : ""}`,
      ),
    );
  });
  for (const telling of view.told) {
    const reminded = telling.remindedAt ? `; recordatorio el ${spokenInstant(Date.parse(telling.remindedAt))}` : "";
    lines.push(
      line("ganador avisado", `ronda ${telling.round}, el ${spokenInstant(Date.parse(telling.at))}${reminded}`),
    );
  }
  const claimed = firstSeal(view.witnesses, "claim");
  if (view.claimedAt && claimed !== null)
    lines.push(line("premio", `reclamado el ${spokenInstant(claimed)} (su primer sello)`));
  else if (view.claimRound !== null)
    lines.push(
      line("premio", `reclamo escrito (ronda ${view.claimRound}): todavía sin los sellos que lo hacen contar`),
    );
  lines.push(...describeSeals(view.witnesses));
  return lines.join("\n");
}

/** A statement's seals as `status` prints them: each authority's time, and which configured ones have none yet. */
function describeSeals(witnesses: PublishedWitnesses): string[] {
  const authorities = witnessConfig().authorities;
  const names = {
    commitment: "sellos del compromiso",
    list: "sellos de la lista",
    claim: "sellos del reclamo",
  } as const;
  return (["commitment", "list", "claim"] as const).flatMap((kind) => {
    const statement = witnesses[kind];
    if (statement === null) return [];
    const sealed = statement.tokens.map(
      (token) =>
        `${token.signer ? `${token.signer} (${token.authority})` : token.authority} el ${spokenInstant(Date.parse(token.stampedAt))}`,
    );
    const missing = authorities.filter((authority) => !statement.tokens.some((token) => token.authority === authority));
    const parts = [...sealed, ...(missing.length > 0 ? [`falta ${missing.join(", ")}`] : [])];
    return [line(names[kind], parts.join("; ") || "todavía ninguno")];
  });
}

/**
 * The draw under way as `status` says it: its round, and whether its list is frozen and sealed
 * in time; before the round, what happens if the seals do not come.
 */
export function describeUpcoming(upcoming: PendingDraw, now: number): string {
  const frozen = upcoming.frozen;
  const roundAt = quicknetRoundTime(upcoming.beaconRound);
  const lines = [
    `${frozen ? "Sorteo en curso" : "Próximo sorteo"}: ${spokenInstant(Date.parse(upcoming.drawAt))}`,
    line(
      "valor público",
      `la ronda ${upcoming.beaconRound} de drand quicknet, que sale el ${spokenInstant(roundAt)}: esa y ninguna otra`,
    ),
  ];
  if (!frozen) {
    lines.push(line("lista", "sin congelar: el servidor la congela en el momento del sorteo"));
  } else {
    lines.push(
      line(
        "lista",
        `${countOf(frozen.entryCount, "participación", "participaciones")}, huella ${frozen.listHash}${frozen.sealedAt ? `, cerrada el ${spokenInstant(Date.parse(frozen.sealedAt))} (su primer sello)` : ""}`,
      ),
      line(
        "testigos",
        frozen.witnessed
          ? "sellada por dos autoridades independientes antes de la ronda: el sorteo se hace"
          : now < roundAt
            ? `todavía sin los sellos de dos autoridades: si no llegan antes del ${spokenInstant(roundAt)}, ese día no hay sorteo y sus participaciones pasan al siguiente`
            : "sin los sellos de dos autoridades antes de la ronda: ese día no hubo sorteo",
      ),
      line(
        "avisos",
        `${frozen.notices.sentBeforeRound} de ${frozen.notices.queued} salieron antes de la ronda (el equipo incluido)`,
      ),
    );
  }
  lines.push(...describeSeals(upcoming.witnesses));
  return lines.join("\n");
}

/** A day with no draw, as `status` says it: why, and where its entries went. */
export function describeMissed(missed: MissedDraw): string {
  const why =
    missed.reason === "not-frozen"
      ? "su lista nunca se congeló antes de la ronda"
      : "su lista no tuvo los sellos de dos autoridades independientes antes de la ronda";
  return [
    `No hubo sorteo el ${spokenInstant(Date.parse(missed.drawAt))}: ${why} ${missed.beaconRound} de drand (${spokenInstant(Date.parse(missed.beaconAt))}), y ninguna ronda cuenta para ese día.`,
    line("participaciones", `pasan al sorteo del ${spokenInstant(Date.parse(missed.nextDrawAt))}`),
    ...(missed.roundsIgnored > 0
      ? [
          line(
            "rondas",
            `${countOf(missed.roundsIgnored, "registrada", "registradas")} igual: no cuentan y su comprobación lo dice`,
          ),
        ]
      : []),
    ...describeSeals(missed.witnesses),
  ].join("\n");
}

/** What the server's check says of a record, as `status` prints it. */
export const VERDICTS: Record<DrawVerdict, string> = {
  verified: "verificado: los valores son los de drand, los testigos lo confirman y el ganador se recalcula",
  unwitnessed:
    "sin testigos: los valores son los de drand y el ganador se recalcula, pero ninguna autoridad selló sus datos",
  mismatch: "NO COINCIDE",
  rehearsal: "ensayo: no es un sorteo válido",
  sample: "sorteo de muestra: la planilla de ejemplo, no participantes reales",
};

/** A drawn record's prize calendar, as `status` prints it and `redraw` follows it. */
export function describeCalendar(record: DrawRecord<DrawSummary>, view: PublishedDraw): string[] {
  const calendar = prizeCalendar(record);
  switch (calendar.kind) {
    case "delivered":
      return [
        line("próximo resorteo", `no hay: el premio se reclamó el ${spokenInstant(calendar.at)}, antes de su ronda`),
      ];
    case "erased":
      return [line("próximo resorteo", "no hay: su lista se borró a los 12 meses")];
    case "exhausted":
      return [line("próximo resorteo", "no hay: todas las participaciones ya ganaron una ronda")];
    case "claimable": {
      const noPrize = view.sample || view.rounds.some((round) => round.rehearsal);
      return [
        ...(noPrize
          ? []
          : [
              line(
                "para reclamar",
                `hasta el ${spokenInstant(calendar.until)} (30 días desde el sorteo por ronda): \`npm run draw -- claimed ${drawMonth(record.draw.draw_at)}\`, que cuenta solo si dos autoridades lo sellan antes de la ronda ${calendar.drandRound}`,
              ),
            ]),
        line(
          "próximo resorteo",
          `ronda ${calendar.round} desde el ${spokenInstant(calendar.until)}: \`npm run draw -- redraw ${drawMonth(record.draw.draw_at)}\`, con la ronda ${calendar.drandRound} de drand quicknet, que sale el ${spokenInstant(quicknetRoundTime(calendar.drandRound))}`,
        ),
      ];
    }
  }
}
