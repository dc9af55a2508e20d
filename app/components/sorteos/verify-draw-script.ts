import { roundName } from "~/lib/draw/draw-checks";
import type { PublishedDraw } from "~/lib/draw/published-draw";

/** A word the shell takes literally, whatever an id or URL holds. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The same check as the button's, as shell commands anyone can paste (bash and openssl):
 * shown with the draw's values filled in, so it works without JavaScript and without us.
 */
export function byHandScript(draw: PublishedDraw): string {
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
  lines.push(...witnessScript(draw));
  return lines.join("\n") + "\n";
}

/**
 * The witnesses by hand: each stamped text and each seal downloaded, then `openssl ts -verify`
 * against the roots the visitor trusts (raices.pem, theirs to bring) and the seal's time.
 */
function witnessScript(draw: PublishedDraw): string[] {
  const statements = [draw.witnesses.commitment, draw.witnesses.list].filter((statement) => statement !== null);
  if (statements.length === 0) return [];
  const lines = [
    "# 4. Los sellos de tiempo: cada uno tiene que dar «Verification: OK» y una hora anterior a la que importa",
    "# (raices.pem: las raíces en las que confiás; las de Mozilla están en https://curl.se/ca/cacert.pem)",
  ];
  for (const statement of statements) {
    const text = new URL(statement.url).pathname.split("/").at(-1)!;
    lines.push(`curl -sS -o ${shellQuote(text)} ${shellQuote(statement.url)}`);
    for (const token of statement.tokens) {
      const seal = new URL(token.url).pathname.split("/").at(-1)!;
      lines.push(
        `curl -sS -o ${shellQuote(seal)} ${shellQuote(token.url)}`,
        `openssl ts -verify -data ${shellQuote(text)} -in ${shellQuote(seal)} -CAfile raices.pem`,
        `openssl ts -reply -in ${shellQuote(seal)} -text | grep '^Time stamp'`,
      );
    }
  }
  return lines;
}
