import { useState, useSyncExternalStore } from "react";
import { formatArgentinaInstant, formatArgentinaSecond } from "~/lib/draw/countdown";
import { drawAnchor, roundName, type NoticeCount, type PublishedDraw } from "~/lib/draw/published-draw";
import type { Verdict } from "./verify-draw-in-browser";
import { VerificationResult } from "./verify-draw-result";
import { EntriesInPlay, firstSealAt, Hex, ListLink, NoticesSent, PublishedValue } from "./verify-draw-values";
import { WitnessSeals } from "./verify-draw-witnesses";

/** How each rule is named beside its record. */
const RULE_NAMES = {
  "opinionlabz-draw-v2": "sin semilla: el ganador sale de la lista y de la ronda de drand, nada más",
  "opinionlabz-draw-v1": "de antes de la ronda 6: la lista, la ronda de drand y una semilla comprometida antes",
} as const;

const subscribeToNothing = () => () => undefined;
const hydrated = () => true;
const notHydrated = () => false;

type Verification =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; verdict: Verdict }
  /** The check's own code did not arrive (the connection dropped): the button stays to try again. */
  | { state: "not-loaded" };

/**
 * One published draw: its values, a button that recomputes it in the browser against the same
 * public roots as the server's badge and `draw -- verify`, and the same by hand. A day with no
 * draw whose record holds rounds anyway is shown with `missed`: its check fails, by name.
 */
export function VerifyDrawRecord({
  draw,
  afterList,
  testRoots,
  byHand,
  notices = null,
  claimSealedAt = null,
  missed = null,
}: {
  draw: PublishedDraw;
  /** Whether the draw before it froze a list of real entries. */
  afterList: boolean;
  /** Test roots, only on a development or test server: they count, and every line resting on one says so. */
  testRoots: string | null;
  /** The same check as shell commands, written by the server (app/lib/draw-records/by-hand-commands.server.ts). */
  byHand: string;
  notices?: NoticeCount | null;
  /** The claim's first seal when it counts (the server's reading of its seals). */
  claimSealedAt?: string | null;
  /** Why this day had no draw, when it had none. */
  missed?: string | null;
}) {
  const [verification, setVerification] = useState<Verification>({ state: "idle" });
  // False in the server's HTML and until hydration: a button that cannot work yet stays disabled.
  const ready = useSyncExternalStore(subscribeToNothing, hydrated, notHydrated);
  const titleId = drawAnchor(draw.drawAt);

  async function verify() {
    setVerification({ state: "running" });
    // The check's code loads now, not with the page (docs/decisions/094-the-draw-verification-loads-on-its-button.md).
    const verifyInBrowser = await import("./verify-draw-in-browser").then(
      ({ verifyInBrowser }) => verifyInBrowser,
      () => null,
    );
    if (!verifyInBrowser) setVerification({ state: "not-loaded" });
    else setVerification({ state: "done", verdict: await verifyInBrowser(draw, testRoots) });
  }

  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h3 id={titleId} className="text-xl font-bold text-slate-900">
        Sorteo del <time dateTime={draw.drawAt}>{formatArgentinaInstant(draw.drawAt)}</time>{" "}
        <span className="text-base font-normal text-slate-600">(hora de Argentina)</span>
        {missed ? <span className="block text-base text-red-800">No hubo sorteo: {missed}</span> : null}
      </h3>
      <dl className="mt-4 divide-y divide-slate-100">
        <PublishedValue label="Regla">
          <code className="font-mono">{draw.rule}</code>{" "}
          <span className="text-slate-600">({RULE_NAMES[draw.rule]})</span>
        </PublishedValue>
        <PublishedValue label="Participaciones">
          <EntriesInPlay count={draw.entryCount} window={draw.window} afterList={afterList} leftOut={draw.leftOut} />
        </PublishedValue>
        <PublishedValue label="Huella de la lista">
          <Hex value={draw.listHash} />
          <ListLink url={draw.listUrl} sealedAt={firstSealAt(draw.witnesses.list)} />
        </PublishedValue>
        {draw.commitment !== null && draw.committedAt !== null ? (
          <PublishedValue label="Compromiso (huella de la semilla)">
            <Hex value={draw.commitment} />
            <span className="mt-1 block text-slate-600">
              Publicado el <time dateTime={draw.committedAt}>{formatArgentinaInstant(draw.committedAt)}</time>
            </span>
          </PublishedValue>
        ) : null}
        <WitnessSeals witnesses={draw.witnesses} />
        {notices ? <NoticesSent {...notices} /> : null}
        {draw.seed !== null ? (
          <PublishedValue label="Semilla revelada">
            <Hex value={draw.seed} />
          </PublishedValue>
        ) : null}
        {draw.rounds.map((round, index) => (
          <PublishedValue key={index} label={roundName(index)}>
            <span className="block text-slate-600">Valor público: {round.beaconSource}</span>
            <Hex value={round.beacon} />
            {round.signature ? (
              <span className="mt-1 block">
                <span className="block text-slate-600">Firma de drand de la ronda (su huella es el valor):</span>
                <Hex value={round.signature} />
              </span>
            ) : null}
            {round.beaconUrl ? (
              <a href={round.beaconUrl} className="mt-1 block font-medium text-brand-700 underline underline-offset-4">
                Ver la ronda y su firma en drand
              </a>
            ) : null}
            <span className="mt-1 block">
              Ganador: <strong className="font-semibold text-slate-900">{round.winnerName}</strong> (ID{" "}
              <code className="font-mono">{round.winnerId}</code>)
            </span>
          </PublishedValue>
        ))}
        {draw.told.length > 0 ? (
          <PublishedValue label="Aviso al ganador">
            {draw.told.map((telling) => (
              <span key={telling.at} className="block">
                {roundName(telling.round)}: avisado por email el{" "}
                <time dateTime={telling.at}>{formatArgentinaInstant(telling.at)}</time>
                {telling.remindedAt ? (
                  <>
                    , recordatorio el{" "}
                    <time dateTime={telling.remindedAt}>{formatArgentinaInstant(telling.remindedAt)}</time>
                  </>
                ) : null}{" "}
                (hora de Argentina)
              </span>
            ))}
          </PublishedValue>
        ) : null}
        {claimSealedAt ? (
          <PublishedValue label="Premio reclamado">
            El <time dateTime={claimSealedAt}>{formatArgentinaSecond(claimSealedAt)}</time> (hora de Argentina), la hora
            del primer sello del reclamo: antes de la ronda del resorteo, así que no hay resorteo.
          </PublishedValue>
        ) : null}
      </dl>

      <div className="mt-6">
        <button
          type="button"
          className="btn-primary whitespace-normal [@media(scripting:none)]:hidden"
          disabled={!ready || verification.state === "running"}
          onClick={() => void verify()}
        >
          Verificar en mi navegador
        </button>
        <p className="hidden text-sm text-slate-600 [@media(scripting:none)]:block">
          El botón necesita JavaScript. Sin él, seguí los pasos de abajo en una terminal.
        </p>
        <div role="status" className="mt-4">
          {verification.state === "running" ? <p>Descargando la lista y haciendo la cuenta…</p> : null}
          {verification.state === "not-loaded" ? (
            <p className="text-red-800">No se pudo cargar la verificación. Revisá tu conexión y probá de nuevo.</p>
          ) : null}
          {verification.state === "done" ? <VerificationResult verdict={verification.verdict} /> : null}
        </div>
      </div>

      <details className="mt-6 rounded-2xl border border-slate-200 bg-slate-50">
        <summary className="cursor-pointer rounded-2xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Verificarlo a mano, en una terminal
        </summary>
        <div className="px-4 pb-4">
          <p className="text-sm text-slate-700">
            En Linux o macOS, pegá estos comandos (bash y openssl). Cada bloque de ronda imprime el ID del ganador.
          </p>
          {/* Long lines scroll sideways; the region takes focus so a keyboard can scroll it. */}
          <div
            role="region"
            aria-label="Comandos para verificar a mano"
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <pre className="text-xs leading-relaxed text-slate-100">
              <code>{byHand}</code>
            </pre>
          </div>
        </div>
      </details>
    </article>
  );
}
