/**
 * The outbox's fair queue on a real embedded database, with the clock passed in, at the default
 * figures (FORM_MAILS_PER_HOUR 200: a burst of 20, then the other 180 spread over the hour, one
 * every 20 s; a small domain 10 an hour: one at once, then one every 6 min 40 s): networks are served in turn, so a visitor's mail from a quiet
 * network is the next one out however many wait from a flooding one.
 */
import { describe, expect, it } from "vitest";
import { networkQueueFull, pacing } from "~/lib/mail/fair-queue.server";
import { claimDueMail, enqueueMail, markSent } from "~/lib/mail/outbox.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("fair-queue-");
const T0 = Date.UTC(2026, 10, 26, 12);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function queue(to: string, network: string, now: number) {
  const domain = to.slice(to.indexOf("@") + 1);
  const mail = { kind: "waitlist-confirm", to, subject: "Confirmá", text: "t", html: "<p>t</p>" };
  return enqueueMail(storage.db, mail, now, await pacing(storage.db, "visitors", network, domain));
}

/** Claims and marks sent, one at a time, what the outbox lets out at `now`; the recipients, in order. */
async function sendDue(now: number): Promise<string[]> {
  const sent: string[] = [];
  for (;;) {
    const [row] = await claimDueMail(storage.db, "embedded", now, 1);
    if (!row) return sent;
    await markSent(storage.db, row, now);
    sent.push(row.recipient);
  }
}

describe("the fair queue", () => {
  it("sends a burst of 20, then one every 20 s, each network's next mail before any network's second", async () => {
    for (let index = 0; index < 40; index++)
      await queue(`flood${index}@d${index}.example`, "203.0.113.0/24", T0 + index);
    await queue("visita@example.net", "198.51.100.0/24", T0 + SECOND);
    const burst = await sendDue(T0 + SECOND);
    expect(burst).toHaveLength(20);
    // The flood's first mail is older; the visitor's network has sent none: it goes second.
    expect(burst.slice(0, 2)).toEqual(["flood0@d0.example", "visita@example.net"]);
    // The hour's pace: nothing more at once, one more 20 s later.
    expect(await sendDue(T0 + 2 * SECOND)).toEqual([]);
    expect(await sendDue(T0 + SECOND + 20 * SECOND)).toEqual(["flood19@d19.example"]);

    // While the flood waits, a second visitor's mail is the next one out.
    await queue("otra-visita@example.org", "192.0.2.0/24", T0 + 20 * SECOND);
    expect(await sendDue(T0 + SECOND + 40 * SECOND)).toEqual(["otra-visita@example.org"]);
  });

  it("paces a small registrable domain at 10 an hour: subdomains count as one, other domains go on", async () => {
    const DOMAIN_INTERVAL = 6 * MINUTE + 40 * SECOND;
    for (let index = 0; index < 3; index++) {
      await queue(`p${index}@s${index}.pyme.example.com`, `10.${index}.0.0/24`, T0 + index);
    }
    await queue("ana@otra.example", "10.9.0.0/24", T0 + 9);
    expect(await sendDue(T0 + SECOND)).toEqual(["p0@s0.pyme.example.com", "ana@otra.example"]);
    expect(await sendDue(T0 + DOMAIN_INTERVAL)).toEqual([]);
    expect(await sendDue(T0 + SECOND + DOMAIN_INTERVAL)).toEqual(["p1@s1.pyme.example.com"]);
  });

  it("bounds each network's queue by its share of the hour: 20 waiting, then that network alone is full", async () => {
    for (let index = 0; index < 19; index++) await queue(`q${index}@d${index}.example`, "203.0.113.0/24", T0);
    expect(await networkQueueFull(storage.db, "visitors", "203.0.113.0/24")).toBe(false);
    await queue("q19@d19.example", "203.0.113.0/24", T0);
    expect(await networkQueueFull(storage.db, "visitors", "203.0.113.0/24")).toBe(true);
    expect(await networkQueueFull(storage.db, "visitors", "198.51.100.0/24")).toBe(false);
    // Sent mails wait no more.
    await sendDue(T0 + SECOND);
    expect(await networkQueueFull(storage.db, "visitors", "203.0.113.0/24")).toBe(false);
  });
});
