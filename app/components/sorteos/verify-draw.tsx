import { useState, useSyncExternalStore, type ReactNode } from "react";
import { DRAW_RULE_STEPS } from "~/content/verifiable-draw";
import { Icon } from "../icons";
import { PageSection } from "./page-section";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import {
  beaconRound,
  commitmentOf,
  drawRounds,
  parseEntryList,
  quicknetRoundTime,
  sha256Hex,
} from "~/lib/draw/verifiable-draw";
import { formatCount } from "~/lib/participants/format";
import { formatDay, type EntryWindow } from "~/lib/draw/entry-window";
import { drawAnchor, type LeftOut, type PublishedDraw, type UpcomingCommitment } from "~/lib/draw/published-draw";

export type { PublishedDraw };

function roundName(round: number): string {
  return round === 0 ? "Sorteo" : `Resorteo ${round}`;
}

interface Check {
  /** The published value this check is about. */
  value: string;
  ok: boolean;
  /** Not done, for want of what it needs (the list could not be downloaded): no verdict on the value. */
  unchecked?: boolean;
  detail: string;
}

/** The published list's path on this page's own origin: what the visitor's browser can always fetch. */
function onThisOrigin(url: string): string {
  return new URL(new URL(url).pathname, window.location.origin).href;
}

/** The frozen list as downloaded, or why it cannot be used. */
async function downloadList(url: string): Promise<{ hash: string; ids: string[] | null } | { problem: string }> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) {
      return { problem: `No pudimos descargar la lista de ids (el servidor respondió ${response.status}).` };
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch {
    // A network failure, before the answer or in the middle of its body.
    return { problem: "No pudimos descargar la lista de ids: revisá tu conexión y probá de nuevo." };
  }
  let text: string | null;
  try {
    // Not lenient: a byte that is not UTF-8, or a byte-order mark, is not the published list.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = null;
  }
  return { hash: await sha256Hex(bytes), ids: text === null ? null : parseEntryList(text) };
}

/** Each published value against what the browser recomputes from the others. */
async function verifyDraw(draw: PublishedDraw): Promise<Check[]> {
  const checks: Check[] = [];
  const list = await downloadList(onThisOrigin(draw.listUrl));
  if ("problem" in list) checks.push({ value: "Lista de ids", ok: false, unchecked: true, detail: list.problem });
  else {
    checks.push(
      list.hash === draw.listHash
        ? { value: "Huella de la lista", ok: true, detail: "La lista descargada da la huella publicada." }
        : { value: "Huella de la lista", ok: false, detail: `La lista descargada da ${list.hash}.` },
    );
    if (list.ids === null) {
      checks.push({
        value: "Lista de ids",
        ok: false,
        detail: "La lista descargada no tiene el formato publicado: un id distinto por línea, cada línea terminada.",
      });
    } else {
      const ok = list.ids.length === draw.entryCount;
      checks.push({
        value: "Cantidad de participaciones",
        ok,
        detail: `La lista tiene ${formatCount(list.ids.length)} ${list.ids.length === 1 ? "id" : "ids"}.`,
      });
    }
  }

  const commitment = await commitmentOf(draw.seed).catch(() => null);
  checks.push(
    commitment === null
      ? {
          value: "Semilla revelada",
          ok: false,
          detail: "No tiene el formato de una semilla: 64 caracteres hexadecimales.",
        }
      : commitment === draw.commitment
        ? { value: "Compromiso", ok: true, detail: "La huella de la semilla revelada es el compromiso publicado." }
        : { value: "Compromiso", ok: false, detail: `La huella de la semilla revelada es ${commitment}.` },
  );
  const committedBefore = Date.parse(draw.committedAt) < Date.parse(draw.drawAt);
  checks.push({
    value: "Fecha del compromiso",
    ok: committedBefore,
    detail: committedBefore ? "Se publicó antes del sorteo." : "No es anterior al sorteo.",
  });
  checks.push(...timingChecks(draw));

  // The pairing code and these checks are loaded only now, when the visitor asks.
  const { beaconChecks } = await import("~/lib/draw/beacon-checks");
  checks.push(...beaconChecks(draw.rounds, { roundName, formatCount }));

  const ids = "problem" in list ? null : list.ids;
  const drawn =
    ids === null
      ? null
      : await drawRounds({ seed: draw.seed, ids, beacons: draw.rounds.map((round) => round.beacon) }).catch(() => null);
  for (const [index, round] of draw.rounds.entries()) {
    const value = `Ganador (${roundName(index).toLowerCase()})`;
    const winner = drawn?.rounds[index]?.id;
    if (winner === undefined) {
      const why = ids === null ? "sin la lista" : "con la semilla y el valor público publicados";
      checks.push({ value, ok: false, unchecked: "problem" in list, detail: `No se puede calcular ${why}.` });
    } else {
      const ok = winner === round.winnerId;
      checks.push({
        value,
        ok,
        detail: ok ? `La cuenta da ${winner}.` : `La cuenta da ${winner}, no ${round.winnerId}.`,
      });
    }
  }
  return checks;
}

/**
 * Whether the values were fixed before anyone could know the beacon: each round's drand round
 * is the one the rule names for it, and the list was frozen before the first was published.
 */
function timingChecks(draw: PublishedDraw): Check[] {
  const drawAt = new Date(draw.drawAt);
  const off = draw.rounds
    .map((round, index) => ({ index, used: round.drandRound, fixed: beaconRound(drawAt, index) }))
    .find(({ used, fixed }) => used !== fixed);
  const first = draw.rounds[0];
  const checks: Check[] = [
    off === undefined
      ? { value: "Rondas de drand", ok: true, detail: "Cada una es la que fija la regla desde antes del sorteo." }
      : {
          value: "Rondas de drand",
          ok: false,
          detail: `${roundName(off.index)} usó la ronda ${formatCount(off.used)}; la regla fija la ${formatCount(off.fixed)}.`,
        },
  ];
  if (first) {
    const frozenBefore = Date.parse(draw.frozenAt) < quicknetRoundTime(first.drandRound);
    const round = formatCount(first.drandRound);
    checks.push({
      value: "Fecha de la lista",
      ok: frozenBefore,
      detail: frozenBefore
        ? `Se congeló antes de que drand publicara la ronda ${round}.`
        : `Se congeló después de que drand publicara la ronda ${round}: ya se podía conocer el valor.`,
    });
  }
  return checks;
}

/** A word the shell takes literally, whatever an id or URL holds. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The same check as `verifyDraw`, as shell commands anyone can paste (bash and openssl):
 * shown with the draw's values filled in, so it works without JavaScript and without us.
 */
function byHandScript(draw: PublishedDraw): string {
  const lines = [
    "# 1. La lista: tiene que dar la huella publicada",
    `curl -sS -o ids.txt ${shellQuote(draw.listUrl)}`,
    "openssl dgst -sha256 ids.txt",
    "# 2. La semilla: su huella tiene que ser el compromiso",
    `SEMILLA=${draw.seed}`,
    `printf '%s' "$SEMILLA" | openssl dgst -sha256`,
    "# 3. El ganador de cada ronda",
    `LISTA=$(openssl dgst -sha256 ids.txt | awk '{print $NF}')`,
  ];
  draw.rounds.forEach((round, index) => {
    const earlier = draw.rounds.slice(0, index).map((previous) => ` -e ${shellQuote(previous.winnerId)}`);
    lines.push(
      `# ${roundName(index)}`,
      `RONDA=${index} BALIZA=${round.beacon}`,
      index === 0 ? "cp ids.txt quedan.txt" : `grep -vxF${earlier.join("")} ids.txt > quedan.txt`,
      'n=$(( $(wc -l < quedan.txt) )); k=0; while [ $((1 << k)) -lt "$n" ]; do k=$((k + 1)); done',
      "i=0; while :; do",
      `  h=$(printf 'opinionlabz-draw-v1:%s:%s:%s:%s' "$LISTA" "$BALIZA" "$RONDA" "$i" | openssl dgst -sha256 -hmac "$SEMILLA" | awk '{print substr($NF, 1, 8)}')`,
      '  x=$(( 0x$h >> (32 - k) )); [ "$x" -lt "$n" ] && break; i=$((i + 1))',
      "done",
      'sed -n "$((x + 1))p" quedan.txt',
    );
  });
  return lines.join("\n") + "\n";
}

function PublishedValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 text-sm text-slate-700 sm:mt-0">{children}</dd>
    </div>
  );
}

function Hex({ value }: { value: string }) {
  return <code className="break-all font-mono text-[0.8125rem] text-slate-800">{value}</code>;
}

/** The days whose entries are in play: from the previous draw's (what it did not take), through the draw's. */
function WindowDays({ window }: { window: EntryWindow }) {
  return (
    <span className="block">
      {`Entran las participaciones con fecha del ${formatDay(window.from)} al ${formatDay(window.through)}, una por id, salvo las del ${formatDay(window.from)} que ya estaban en la lista del sorteo anterior.`}
    </span>
  );
}

/**
 * How many entries are in play, their days, and the sheet rows left out. A list frozen before
 * the window was applied (`leftOut` unknown) took every row: no days are claimed for it.
 */
function EntriesInPlay({ count, window, leftOut }: { count: number; window: EntryWindow; leftOut: LeftOut | null }) {
  const left = leftOut ? leftOut.outsideWindow + leftOut.unreadableDate : 0;
  return (
    <>
      <span className="block font-semibold text-slate-900">{formatCount(count)}</span>
      {leftOut ? <WindowDays window={window} /> : null}
      {leftOut && left > 0 ? (
        <span className="mt-1 block text-slate-600">
          {`Quedaron afuera ${formatCount(leftOut.outsideWindow)} ${leftOut.outsideWindow === 1 ? "fila" : "filas"} con fecha fuera de esos días o que ya entraron en el sorteo anterior, y ${formatCount(leftOut.unreadableDate)} con una fecha que no se puede leer.`}
        </span>
      ) : null}
    </>
  );
}

/** Where the frozen list is, and since when it cannot change. */
function ListLink({ url, frozenAt }: { url: string; frozenAt: string }) {
  return (
    <>
      <span className="mt-1 block text-slate-600">
        Congelada el <time dateTime={frozenAt}>{formatArgentinaInstant(frozenAt)}</time>
      </span>
      <a href={url} className="mt-1 block font-medium text-brand-700 underline underline-offset-4">
        Descargar la lista de ids (texto)
      </a>
    </>
  );
}

const UNABLE_TO_COMPUTE: Check = {
  value: "Cuenta en el navegador",
  ok: false,
  detail: "Este navegador no pudo hacer la cuenta. Probá con uno actualizado o seguí los pasos a mano de abajo.",
};

const subscribeToNothing = () => () => undefined;
const hydrated = () => true;
const notHydrated = () => false;

/** What the verdict adds when the list could not be downloaded: a failure to fetch, not a mismatch. */
const UNCHECKED_VERDICT =
  "No pudimos comprobarlo todo: la lista de ids no se pudo descargar. Probá de nuevo en un rato.";

type Verification = { state: "idle" } | { state: "running" } | { state: "done"; checks: Check[] };

function VerificationResult({ verification }: { verification: Verification }) {
  if (verification.state === "idle") return null;
  if (verification.state === "running") return <p>Descargando la lista y haciendo la cuenta…</p>;
  const failed = verification.checks.filter((check) => !check.ok && !check.unchecked);
  const unchecked = verification.checks.some((check) => check.unchecked);
  return (
    <>
      <p
        className={`font-semibold ${failed.length > 0 ? "text-red-800" : unchecked ? "text-amber-800" : "text-emerald-800"}`}
      >
        {failed[0] === UNABLE_TO_COMPUTE
          ? "No se pudo verificar en este navegador."
          : [
              failed.length > 0 ? `No coincide: ${failed.map((check) => check.value.toLowerCase()).join(", ")}.` : "",
              unchecked ? UNCHECKED_VERDICT : "",
              failed.length === 0 && !unchecked
                ? "Todo coincide: el ganador publicado es el que sale de la regla."
                : "",
            ]
              .filter(Boolean)
              .join(" ")}
      </p>
      <ul className="mt-3 space-y-2">
        {verification.checks.map((check) => (
          <li key={check.value} className="flex gap-2 text-sm">
            <span className={check.ok ? "text-emerald-700" : check.unchecked ? "text-amber-700" : "text-red-700"}>
              <Icon
                name={check.ok ? "check" : check.unchecked ? "info" : "close"}
                className="mt-0.5 h-4 w-4 shrink-0"
              />
            </span>
            <span className="min-w-0">
              <strong className="font-semibold text-slate-900">{check.value}</strong>{" "}
              <span className="sr-only">
                {check.ok ? "(coincide)" : check.unchecked ? "(sin comprobar)" : "(no coincide)"}
              </span>
              {/* A recomputed hash is one 64-character word: it may break anywhere rather than widen the page. */}
              <span className="text-slate-700 [overflow-wrap:anywhere]">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One published draw: its values, a button that recomputes it in the browser, and the same by hand. */
function VerifyDraw({ draw }: { draw: PublishedDraw }) {
  const [verification, setVerification] = useState<Verification>({ state: "idle" });
  // False in the server's HTML and until hydration: a button that cannot work yet stays disabled.
  const ready = useSyncExternalStore(subscribeToNothing, hydrated, notHydrated);
  const titleId = drawAnchor(draw.drawAt);

  async function verify() {
    setVerification({ state: "running" });
    // Web Crypto exists only on secure (https) pages and in current browsers: without it, say so.
    const checks = await verifyDraw(draw).catch(() => [UNABLE_TO_COMPUTE]);
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
          <EntriesInPlay count={draw.entryCount} window={draw.window} leftOut={draw.leftOut} />
        </PublishedValue>
        <PublishedValue label="Huella de la lista (SHA-256)">
          <Hex value={draw.listHash} />
          <ListLink url={draw.listUrl} frozenAt={draw.frozenAt} />
        </PublishedValue>
        <PublishedValue label="Compromiso (SHA-256 de la semilla)">
          <Hex value={draw.commitment} />
          <span className="mt-1 block text-slate-600">
            Publicado el <time dateTime={draw.committedAt}>{formatArgentinaInstant(draw.committedAt)}</time>
          </span>
        </PublishedValue>
        <PublishedValue label="Semilla revelada">
          <Hex value={draw.seed} />
        </PublishedValue>
        {draw.rounds.map((round, index) => (
          <PublishedValue key={index} label={roundName(index)}>
            <span className="block text-slate-600">Valor público: {round.beaconSource}</span>
            <Hex value={round.beacon} />
            {round.signature ? (
              <span className="mt-1 block">
                <span className="block text-slate-600">Firma de la ronda (BLS, su SHA-256 es el valor):</span>
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

function UpcomingDraw({ upcoming }: { upcoming: UpcomingCommitment }) {
  return (
    <article
      aria-labelledby="proximo-sorteo"
      className="rounded-3xl border border-brand-200 bg-brand-50 p-5 shadow-sm sm:p-8"
      data-testid="upcoming-commitment"
    >
      <h3 id="proximo-sorteo" className="text-xl font-bold text-slate-900">
        Próximo sorteo: <time dateTime={upcoming.drawAt}>{formatArgentinaInstant(upcoming.drawAt)}</time>{" "}
        <span className="text-base font-normal text-slate-600">(hora de Argentina)</span>
      </h3>
      <dl className="mt-4 divide-y divide-brand-100">
        <PublishedValue label="Compromiso (SHA-256 de la semilla)">
          <Hex value={upcoming.commitment} />
          <span className="mt-1 block text-slate-600">
            Publicado el <time dateTime={upcoming.committedAt}>{formatArgentinaInstant(upcoming.committedAt)}</time>. La
            semilla se revela en el sorteo: su huella tiene que dar este compromiso.
          </span>
        </PublishedValue>
        {upcoming.frozen ? (
          <>
            <PublishedValue label="Participaciones">
              <EntriesInPlay
                count={upcoming.frozen.entryCount}
                window={upcoming.window}
                leftOut={upcoming.frozen.leftOut}
              />
            </PublishedValue>
            <PublishedValue label="Huella de la lista (SHA-256)">
              <Hex value={upcoming.frozen.listHash} />
              <ListLink url={upcoming.frozen.listUrl} frozenAt={upcoming.frozen.frozenAt} />
            </PublishedValue>
          </>
        ) : (
          <PublishedValue label="Participaciones">
            <WindowDays window={upcoming.window} />
            <span className="mt-1 block text-slate-600">
              La lista se congela en el momento del sorteo, con las que estén en la planilla.
            </span>
          </PublishedValue>
        )}
        <PublishedValue label="Valor público">
          drand quicknet, ronda {formatCount(upcoming.beaconRound)} (la primera que sale 30 minutos después del sorteo)
          {upcoming.frozen ? (
            <span className="mt-1 block text-slate-600">
              La lista ya está congelada: el ganador sale de ella con el valor de esa ronda, que drand publica el{" "}
              <time dateTime={new Date(quicknetRoundTime(upcoming.beaconRound)).toISOString()}>
                {formatArgentinaInstant(new Date(quicknetRoundTime(upcoming.beaconRound)).toISOString())}
              </time>
              .
            </span>
          ) : null}
        </PublishedValue>
      </dl>
    </article>
  );
}

/** "Verificalo vos": the rule in plain words, the next draw's commitment, then each published draw with its check. */
export function VerifyDrawSection({
  draws,
  upcoming = null,
}: {
  draws: PublishedDraw[];
  upcoming?: UpcomingCommitment | null;
}) {
  return (
    <PageSection
      id="verificalo-vos"
      eyebrow="Sorteo verificable"
      title="Verificalo vos"
      lead="No hace falta que nos creas: con los datos que publicamos podés rehacer la cuenta y llegar al mismo ganador."
    >
      <ol className="mx-auto grid max-w-5xl gap-4 md:grid-cols-2">
        {DRAW_RULE_STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-bold text-slate-900">
              <span className="text-brand-700">{index + 1}.</span> {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mx-auto mt-10 max-w-5xl space-y-6">
        {upcoming ? <UpcomingDraw upcoming={upcoming} /> : null}
        {draws.map((draw) => (
          <VerifyDraw key={draw.drawAt} draw={draw} />
        ))}
      </div>
    </PageSection>
  );
}
