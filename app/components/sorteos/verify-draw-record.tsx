import { useState, useSyncExternalStore } from "react";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { checkPublishedDraw, roundName } from "~/lib/draw/draw-checks";
import { downloadList, downloadWitnessFiles } from "~/lib/draw/published-files";
import { drawAnchor, type PublishedDraw } from "~/lib/draw/published-draw";
import { UNABLE_TO_COMPUTE, VerificationResult, type Verification } from "./verify-draw-result";
import { byHandScript } from "./verify-draw-script";
import { EntriesInPlay, Hex, ListLink, MovedRound, PublishedValue } from "./verify-draw-values";
import { WitnessSeals } from "./verify-draw-witnesses";

const subscribeToNothing = () => () => undefined;
const hydrated = () => true;
const notHydrated = () => false;

/** A published file's path on this page's own origin: what the visitor's browser can always fetch. */
function onThisOrigin(url: string): string {
  return new URL(new URL(url).pathname, window.location.origin).href;
}

/** One published draw: its values, a button that recomputes it in the browser, and the same by hand. */
export function VerifyDrawRecord({
  draw,
  afterList,
  declaredRoots,
}: {
  draw: PublishedDraw;
  /** Whether the draw before it froze a list of real entries. */
  afterList: boolean;
  declaredRoots: string | null;
}) {
  const [verification, setVerification] = useState<Verification>({ state: "idle" });
  // False in the server's HTML and until hydration: a button that cannot work yet stays disabled.
  const ready = useSyncExternalStore(subscribeToNothing, hydrated, notHydrated);
  const titleId = drawAnchor(draw.drawAt);

  async function verify() {
    setVerification({ state: "running" });
    // Web Crypto exists only on secure (https) pages and in current browsers: without it, say so.
    const checks = await Promise.all([
      downloadList(onThisOrigin(draw.listUrl)),
      downloadWitnessFiles(draw.witnesses, onThisOrigin),
    ])
      .then(([list, files]) => checkPublishedDraw(draw, list, { files, trustedPem: null, declaredPem: declaredRoots }))
      .catch(() => [UNABLE_TO_COMPUTE]);
    setVerification({ state: "done", checks });
  }

  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h3 id={titleId} className="text-xl font-bold text-slate-900">
        Sorteo del <time dateTime={draw.drawAt}>{formatArgentinaInstant(draw.drawAt)}</time>{" "}
        <span className="text-base font-normal text-slate-600">(hora de Argentina)</span>
      </h3>
      <dl className="mt-4 divide-y divide-slate-100">
        <PublishedValue label="Participaciones">
          <EntriesInPlay count={draw.entryCount} window={draw.window} afterList={afterList} leftOut={draw.leftOut} />
        </PublishedValue>
        <PublishedValue label="Huella de la lista">
          <Hex value={draw.listHash} />
          <ListLink url={draw.listUrl} frozenAt={draw.frozenAt} />
        </PublishedValue>
        <PublishedValue label="Compromiso (huella de la semilla)">
          <Hex value={draw.commitment} />
          <span className="mt-1 block text-slate-600">
            Publicado el <time dateTime={draw.committedAt}>{formatArgentinaInstant(draw.committedAt)}</time>
          </span>
        </PublishedValue>
        <WitnessSeals witnesses={draw.witnesses} />
        <PublishedValue label="Semilla revelada">
          <Hex value={draw.seed} />
        </PublishedValue>
        {draw.rounds.map((round, index) => (
          <PublishedValue key={index} label={roundName(index)}>
            <span className="block text-slate-600">Valor público: {round.beaconSource}</span>
            {index === 0 ? <MovedRound drawAt={draw.drawAt} used={round.drandRound} made /> : null}
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
              Ganador: <strong className="font-semibold text-slate-900">{round.winnerName}</strong> (id{" "}
              <code className="font-mono">{round.winnerId}</code>)
            </span>
          </PublishedValue>
        ))}
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
          <VerificationResult verification={verification} />
        </div>
      </div>

      <details className="mt-6 rounded-2xl border border-slate-200 bg-slate-50">
        <summary className="cursor-pointer rounded-2xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Verificarlo a mano, en una terminal
        </summary>
        <div className="px-4 pb-4">
          <p className="text-sm text-slate-700">
            En Linux o macOS, pegá estos comandos (bash y openssl). Cada bloque de ronda imprime el id del ganador.
          </p>
          {/* Long lines scroll sideways; the region takes focus so a keyboard can scroll it. */}
          <div
            role="region"
            aria-label="Comandos para verificar a mano"
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <pre className="text-xs leading-relaxed text-slate-100">
              <code>{byHandScript(draw)}</code>
            </pre>
          </div>
        </div>
      </details>
    </article>
  );
}
