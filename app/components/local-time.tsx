import { useLocalWallClock } from "~/lib/hooks/use-local-wall-clock";

/**
 * Beside a time said in Argentina's, the same instant on the visitor's clock when it differs
 * ("16:00 en tu hora"), added once the page runs: the server, which cannot know the visitor's
 * zone, sends the line empty. The line keeps its height empty too, so adding the time moves
 * nothing on the page (docs/decisions/104-the-header-without-javascript.md).
 * `then`: a second instant of the same line, with what it is ("resultado").
 */
export function LocalTime({
  at,
  then,
  className = "",
}: {
  at: string;
  then?: { at: string; what: string };
  className?: string;
}) {
  const main = useLocalWallClock(Date.parse(at));
  const second = useLocalWallClock(Date.parse(then?.at ?? at));
  return (
    <span data-testid="local-time" className={`block min-h-5 ${className}`}>
      {main ? `${main} en tu hora${then && second ? ` · ${then.what} ${second}` : ""}` : null}
    </span>
  );
}
