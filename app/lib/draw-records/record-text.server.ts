import type { DrawVerdict, PublishedWitnesses, RecordedDraw, UpcomingCommitment } from "~/lib/draw/published-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { countOf } from "~/lib/ui/wording";
import { continued, drawMonth, line, spokenInstant } from "./command-text";
import { prizeCalendar } from "./prize.server";
import type { DrawRecord, DrawSummary } from "./stored-draws.server";
import { witnessConfig } from "./witnesses.server";

/**
 * The records as the draw commands print them to the organizer (docs/operations.md, "Draw
 * day"): a drawn month, its seals, the upcoming draw, the server's check and the prize's
 * calendar, in Spanish, every instant in Argentina time and then exactly.
 */

/** The record as text: what `run`, `redraw`, `claimed` and `status` print. */
export function describeDraw(view: RecordedDraw): string {
  const rehearsal = view.rounds.some((round) => round.rehearsal);
  const lines = [
    `Sorteo del ${spokenInstant(Date.parse(view.drawAt))}${
      rehearsal ? " — ENSAYO con una clave de prueba: no es un sorteo válido" : ""
    }${view.sample ? " — planilla de EJEMPLO: no son participantes reales" : ""}`,
    line("congelada", spokenInstant(Date.parse(view.frozenAt))),
    line("participaciones", String(view.entryCount)),
    line("huella de la lista", view.listHash),
    line("lista de ids", view.listUrl),
    line("compromiso", `${view.commitment} (publicado el ${spokenInstant(Date.parse(view.committedAt))})`),
    line("semilla", view.seed),
  ];
  const fixed = beaconRound(new Date(view.drawAt), 0);
  view.rounds.forEach((round, index) => {
    lines.push(
      line(`ronda ${index}`, `valor ${round.beacon} (${round.beaconSource})`),
      continued(
        `ganó el id ${round.winnerId}, publicado como "${round.winnerName}"${round.winnerCountry ? ` (${round.winnerCountry})` : ""}`,
      ),
    );
    if (index === 0 && round.drandRound !== fixed) {
      lines.push(
        continued(
          `se movió de la ronda ${fixed} de drand: ningún sello de la lista llegó antes de que se publicara (docs/draw.md, "The order, proven")`,
        ),
      );
    }
  });
  if (view.claimedAt) lines.push(line("premio", `entregado el ${spokenInstant(Date.parse(view.claimedAt))}`));
  lines.push(...describeSeals(view.witnesses));
  return lines.join("\n");
}

/** A statement's seals as `status` prints them: each authority's time, and which configured ones have none yet. */
function describeSeals(witnesses: PublishedWitnesses): string[] {
  const authorities = witnessConfig().authorities;
  const names = { commitment: "sellos del compromiso", list: "sellos de la lista" } as const;
  return (["commitment", "list"] as const).flatMap((kind) => {
    const statement = witnesses[kind];
    if (statement === null) return [];
    const sealed = statement.tokens.map(
      (token) => `${token.authority} el ${spokenInstant(Date.parse(token.stampedAt))}`,
    );
    const missing = authorities.filter((authority) => !statement.tokens.some((token) => token.authority === authority));
    const parts = [...sealed, ...(missing.length > 0 ? [`falta ${missing.join(", ")}`] : [])];
    return [line(names[kind], parts.join("; ") || "todavía ninguno")];
  });
}

/** The upcoming draw as `status` says it: its commitment, its round, and whether its list is frozen. */
export function describeUpcoming(upcoming: UpcomingCommitment): string {
  const frozen = upcoming.frozen;
  return [
    `Próximo sorteo: ${spokenInstant(Date.parse(upcoming.drawAt))}`,
    line("compromiso", `${upcoming.commitment} (publicado el ${spokenInstant(Date.parse(upcoming.committedAt))})`),
    line(
      "valor público",
      `la ronda ${upcoming.beaconRound} de drand quicknet, que sale el ${spokenInstant(quicknetRoundTime(upcoming.beaconRound))}`,
    ),
    frozen
      ? line(
          "lista",
          `congelada el ${spokenInstant(Date.parse(frozen.frozenAt))}, ${countOf(frozen.entryCount, "participación", "participaciones")}, huella ${frozen.listHash}`,
        )
      : line("lista", "sin congelar: el servidor la congela en el momento del sorteo"),
    ...describeSeals(upcoming.witnesses),
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
export function describeCalendar(record: DrawRecord<DrawSummary>, view: RecordedDraw): string[] {
  const calendar = prizeCalendar(record);
  switch (calendar.kind) {
    case "delivered":
      return [line("próximo resorteo", `no hay: el premio se entregó el ${spokenInstant(calendar.at)}`)];
    case "erased":
      return [line("próximo resorteo", "no hay: su lista se borró a los 12 meses")];
    case "exhausted":
      return [line("próximo resorteo", "no hay: todas las participaciones ya ganaron una ronda")];
    case "claimable": {
      const noPrize = view.sample || view.rounds.some((round) => round.rehearsal);
      return [
        ...(noPrize
          ? []
          : [line("para reclamar", `hasta el ${spokenInstant(calendar.until)} (30 días desde el sorteo por ronda)`)]),
        line(
          "próximo resorteo",
          `ronda ${calendar.round} desde el ${spokenInstant(calendar.until)}: \`npm run draw -- redraw ${drawMonth(record.draw.draw_at)}\`, con la ronda ${calendar.drandRound} de drand quicknet, que sale el ${spokenInstant(quicknetRoundTime(calendar.drandRound))}`,
        ),
      ];
    }
  }
}
