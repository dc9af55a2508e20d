import { roundName, type MissedDraw, type PublishedDraw } from "~/lib/draw/published-draw";

/** A word the shell takes literally, whatever an id or URL holds. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The same check as the button's, as shell commands anyone can paste (bash and openssl):
 * shown with the draw's values filled in, so it works without JavaScript and without us. A
 * record of rule v2 hashes each attempt's message; one of rule v1 keys it with its seed.
 * Written by the server into the page's data, not built by the page: 2 KB of script less on
 * /sorteos (docs/decisions/100-the-by-hand-commands-written-by-the-server.md).
 */
function byHandCommands(draw: PublishedDraw): string {
  const v1 = draw.rule === "opinionlabz-draw-v1";
  const lines = [
    "# 1. La lista: tiene que dar la huella publicada",
    `curl -sS -o ids.txt ${shellQuote(draw.listUrl)}`,
    "openssl dgst -sha256 ids.txt",
    ...(v1
      ? [
          "# 2. La semilla: su huella tiene que ser el compromiso",
          `SEMILLA=${draw.seed ?? ""}`,
          `printf '%s' "$SEMILLA" | openssl dgst -sha256`,
        ]
      : ["# 2. Sin semilla: el ganador sale solo de la lista y del valor de drand"]),
    "# 3. El ganador de cada ronda",
    `LISTA=$(openssl dgst -sha256 ids.txt | awk '{print $NF}')`,
  ];
  const digest = v1 ? `openssl dgst -sha256 -hmac "$SEMILLA"` : "openssl dgst -sha256";
  draw.rounds.forEach((round, index) => {
    const earlier = draw.rounds.slice(0, index).map((previous) => ` -e ${shellQuote(previous.winnerId)}`);
    lines.push(
      `# ${roundName(index)}`,
      `RONDA=${index} BALIZA=${round.beacon}`,
      index === 0 ? "cp ids.txt quedan.txt" : `grep -vxF${earlier.join("")} ids.txt > quedan.txt`,
      'n=$(( $(wc -l < quedan.txt) )); k=0; while [ $((1 << k)) -lt "$n" ]; do k=$((k + 1)); done',
      "i=0; while :; do",
      `  h=$(printf '${draw.rule}:%s:%s:%s:%s' "$LISTA" "$BALIZA" "$RONDA" "$i" | ${digest} | awk '{print substr($NF, 1, 8)}')`,
      '  x=$(( 0x$h >> (32 - k) )); [ "$x" -lt "$n" ] && break; i=$((i + 1))',
      "done",
      'sed -n "$((x + 1))p" quedan.txt',
    );
  });
  lines.push(...witnessScript(draw));
  return lines.join("\n") + "\n";
}

/**
 * The witnesses by hand: each stamped text and each seal downloaded, then `openssl ts -verify`
 * against the roots the visitor trusts (raices.pem, theirs to bring) and the seal's time.
 */
function witnessScript(draw: PublishedDraw): string[] {
  const { commitment, list, claim } = draw.witnesses;
  const statements = [commitment, list, claim].filter((statement) => statement !== null);
  if (statements.length === 0) return [];
  const lines = [
    "# 4. Los sellos de tiempo: cada uno tiene que dar «Verification: OK» y una hora anterior a la ronda;",
    "# la lista necesita los de dos autoridades distintas (su «TSA:»). raices.pem: las raíces públicas en",
    "# las que confiás (las de Mozilla, https://curl.se/ca/cacert.pem; este sitio usa las de /sorteos/raices.pem)",
  ];
  for (const statement of statements) {
    const text = new URL(statement.url).pathname.split("/").at(-1)!;
    lines.push(`curl -sS -o ${shellQuote(text)} ${shellQuote(statement.url)}`);
    for (const token of statement.tokens) {
      const seal = new URL(token.url).pathname.split("/").at(-1)!;
      lines.push(
        `curl -sS -o ${shellQuote(seal)} ${shellQuote(token.url)}`,
        `openssl ts -verify -data ${shellQuote(text)} -in ${shellQuote(seal)} -CAfile raices.pem`,
        `openssl ts -reply -in ${shellQuote(seal)} -text | grep -E '^(Time stamp|TSA)'`,
      );
    }
  }
  return lines;
}

/**
 * Each shown draw's commands, written once: its object lives as long as the server's snapshot of
 * the records (draw-snapshot.server.ts), not one request.
 */
const written = new WeakMap<PublishedDraw, string>();

function commandsOf(record: PublishedDraw): string {
  let commands = written.get(record);
  if (commands === undefined) {
    commands = byHandCommands(record);
    written.set(record, commands);
  }
  return commands;
}

/** The by-hand commands of every record /sorteos shows (draws, and days with no draw that hold rounds), by draw instant. */
export function byHandCommandsOf(
  draws: readonly PublishedDraw[],
  missed: readonly MissedDraw[],
): Record<string, string> {
  const records = [...draws, ...missed.flatMap((day) => (day.record ? [day.record] : []))];
  return Object.fromEntries(records.map((record) => [record.drawAt, commandsOf(record)]));
}
