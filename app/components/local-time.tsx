import { useLocalWallClock } from "~/lib/hooks/use-local-wall-clock";

/**
 * Beside a time said in Argentina's, the same instant on the visitor's clock when it differs
 * ("16:00 en tu hora"), added once the page runs: the server, which cannot know the visitor's
 * zone, sends the line empty. The line keeps its height empty too, so adding the time moves
 * nothing on the page (docs/decisions/079-the-header-without-javascript.md).
 */
export function LocalTime({ at, className }: { at: string; className: string }) {
  const local = useLocalWallClock(Date.parse(at));
  return (
    <span data-testid="local-time" className={`block min-h-5 ${className}`}>
      {local && `${local} en tu hora`}
    </span>
  );
}
