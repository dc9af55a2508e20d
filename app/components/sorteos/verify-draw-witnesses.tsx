import { formatArgentinaSecond } from "~/lib/draw/countdown";
import type { PublishedStatement, PublishedWitnesses } from "~/lib/draw/published-draw";
import { PublishedValue } from "./verify-draw-values";

/** "timestamp.digicert.com": an authority as the page names it. */
function authorityHost(authority: string): string {
  return new URL(authority).host;
}

/** Until when the server asks an authority that has not sealed the list yet: after the round a seal counts for nothing. */
const ASKED_UNTIL = "hasta que drand publique la ronda del sorteo";

/** "Falta el sello de a.com: …" or "Faltan los sellos de a.com y b.com: …", in agreeing Spanish. */
function awaitedSentence(awaited: string[], until: string): string {
  const hosts = new Intl.ListFormat("es", { type: "conjunction" }).format(awaited.map(authorityHost));
  return awaited.length === 1
    ? `Falta el sello de ${hosts}: todavía no respondió, y se lo volvemos a pedir ${until}.`
    : `Faltan los sellos de ${hosts}: todavía no respondieron, y se los volvemos a pedir ${until}.`;
}

/**
 * One stamped statement: a link to its text, each authority's stamp with its time and a link to
 * it, and each authority still asked that has not stamped it yet.
 */
function StampedStatement({
  statement,
  name,
  awaited,
  until,
}: {
  statement: PublishedStatement;
  name: string;
  awaited: string[];
  until: string;
}) {
  return (
    <span className="block">
      <a href={statement.url} className="font-medium text-brand-700 underline underline-offset-4">
        Texto sellado {name}
      </a>
      {statement.tokens.length === 0 && awaited.length === 0 ? (
        <span className="block text-slate-600">Ninguna autoridad lo selló.</span>
      ) : (
        <ul className="mt-1 space-y-1">
          {statement.tokens.map((token) => (
            <li key={token.url}>
              {/* Named by the certificate in the seal; by the host it was asked of when it names none. */}
              <a href={token.url} className="font-medium text-brand-700 underline underline-offset-4">
                Sello de {token.signer ?? authorityHost(token.authority)}
              </a>{" "}
              <span className="text-slate-600">
                del <time dateTime={token.stampedAt}>{formatArgentinaSecond(token.stampedAt)}</time>
              </span>
            </li>
          ))}
          {awaited.length > 0 ? <li className="text-slate-600">{awaitedSentence(awaited, until)}</li> : null}
        </ul>
      )}
    </span>
  );
}

/**
 * Which witnesses a record has (docs/draw.md, "Witnesses"): the statements the time-stamp
 * authorities sealed, as soon as they exist, with each seal to download and keep; for the draw
 * under way, also the authorities still asked for the list (`awaited`).
 */
export function WitnessSeals({ witnesses, awaited = [] }: { witnesses: PublishedWitnesses; awaited?: string[] }) {
  const { commitment, list, claim } = witnesses;
  return (
    <PublishedValue label="Sellos de tiempo">
      {commitment === null && list === null ? (
        <span className="block text-slate-600">
          Sin sellos: este sorteo se hizo antes de que los pidiéramos, así que sus fechas son solo nuestra palabra.
        </span>
      ) : (
        <span className="block space-y-2">
          <span className="block text-slate-600">
            Cada sello es un archivo firmado por una autoridad de sellado de tiempo: prueba que el texto ya existía a
            esa hora. Guardalos junto con el texto.
          </span>
          {commitment ? (
            <StampedStatement statement={commitment} name="del compromiso" awaited={[]} until={ASKED_UNTIL} />
          ) : null}
          {list ? <StampedStatement statement={list} name="de la lista" awaited={awaited} until={ASKED_UNTIL} /> : null}
          {claim ? (
            <StampedStatement statement={claim} name="del reclamo del premio" awaited={[]} until={ASKED_UNTIL} />
          ) : null}
        </span>
      )}
    </PublishedValue>
  );
}
