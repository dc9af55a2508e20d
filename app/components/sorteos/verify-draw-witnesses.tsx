import { formatArgentinaSecond } from "~/lib/draw/draw-checks";
import type { PublishedStatement, PublishedWitnesses } from "~/lib/draw/published-draw";
import { PublishedValue } from "./verify-draw-values";

/** "timestamp.digicert.com": an authority as the page names it. */
function authorityHost(authority: string): string {
  return new URL(authority).host;
}

/** One stamped statement: a link to its text, and each authority's stamp with its time and a link to it. */
function StampedStatement({ statement, name }: { statement: PublishedStatement; name: string }) {
  return (
    <span className="block">
      <a href={statement.url} className="font-medium text-brand-700 underline underline-offset-4">
        Texto sellado {name}
      </a>
      {statement.tokens.length === 0 ? (
        <span className="block text-slate-600">
          Todavía sin sellos: ninguna autoridad respondió aún, y se lo seguimos pidiendo.
        </span>
      ) : (
        <ul className="mt-1 space-y-1">
          {statement.tokens.map((token) => (
            <li key={token.url}>
              <a href={token.url} className="font-medium text-brand-700 underline underline-offset-4">
                Sello de {authorityHost(token.authority)}
              </a>{" "}
              <span className="text-slate-600">
                del <time dateTime={token.stampedAt}>{formatArgentinaSecond(token.stampedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

/**
 * Which witnesses a record has (docs/draw.md, "Witnesses"): the statements the time-stamp
 * authorities sealed, as soon as they exist, with each seal to download and keep.
 */
export function WitnessSeals({ witnesses }: { witnesses: PublishedWitnesses }) {
  const { commitment, list } = witnesses;
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
          {commitment ? <StampedStatement statement={commitment} name="del compromiso" /> : null}
          {list ? <StampedStatement statement={list} name="de la lista" /> : null}
        </span>
      )}
    </PublishedValue>
  );
}
