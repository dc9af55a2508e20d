import { describe, expect, it } from "vitest";
import type { ParticipantsView } from "~/lib/participants/view";
import { dataState, keptAs, pageState, waitsOnData } from "~/lib/http/route-keeping.server";
import { streamUnlessReady } from "~/lib/http/stream-unless-ready.server";
import { finishResponse } from "~/lib/http/finish-response.server";

const get = new Request("http://x/sorteos");
const head = new Request("http://x/sorteos", { method: "HEAD" });
const post = new Request("http://x/sorteos", { method: "POST" });

/** The headers Remix gives the entry for a route kept as `keeping` whose loader answered with `init`. */
function routeHeaders(keeping: "public" | "personal", init: ResponseInit = {}): Headers {
  return new Headers(keptAs(keeping, { loaderHeaders: new Headers(init.headers) }));
}

const view: ParticipantsView = { fetchedAt: 1, error: null, sample: false };
const failed: ParticipantsView = { fetchedAt: null, error: "Error al cargar datos: 500", sample: false };
const never = () => new Promise<ParticipantsView>(() => undefined);

describe("pageState, from what the route declared and its loader found", () => {
  it("stores a public page whose data is ready, briefly when it shows the sheet's error, and its 404", async () => {
    expect(pageState(get, 200, routeHeaders("public", (await streamUnlessReady(Promise.resolve(view))).init))).toBe(
      "ready",
    );
    expect(pageState(head, 200, routeHeaders("public"))).toBe("ready");
    expect(pageState(get, 200, routeHeaders("public", (await streamUnlessReady(Promise.resolve(failed))).init))).toBe(
      "sheet-error",
    );
    expect(pageState(get, 404, routeHeaders("public"))).toBe("not-found");
  });

  it("never stores a page still streaming, a personal one, an undeclared one, an error or anything but a read", async () => {
    const streaming = routeHeaders("public", (await streamUnlessReady(never())).init);
    expect(pageState(get, 200, streaming)).toBe("private");
    expect(waitsOnData(streaming)).toBe(true);
    expect(pageState(get, 200, routeHeaders("personal"))).toBe("private");
    expect(pageState(get, 200, new Headers()), "a route that declares nothing").toBe("private");
    expect(pageState(get, 200, new Headers({ "X-Keeping": "forever" }))).toBe("private");
    expect(pageState(get, 500, routeHeaders("public"))).toBe("private");
    expect(pageState(get, 503, routeHeaders("public", (await streamUnlessReady(Promise.resolve(failed))).init))).toBe(
      "private",
    );
    expect(pageState(post, 200, routeHeaders("public"))).toBe("private");
  });

  it("keeps a personal page personal whatever its loader found, but streams it when its data is still coming", async () => {
    const sheetError = routeHeaders("personal", (await streamUnlessReady(Promise.resolve(failed))).init);
    expect(pageState(get, 200, sheetError)).toBe("private");
    expect(waitsOnData(sheetError)).toBe(false);
    expect(waitsOnData(routeHeaders("personal", (await streamUnlessReady(never())).init))).toBe(true);
    expect(waitsOnData(routeHeaders("public"))).toBe(false);
  });
});

describe("dataState", () => {
  it("stores ready data like its page; a missing route's data and a HEAD (an action to Remix) are not kept", async () => {
    expect(dataState(get, 200, routeHeaders("public"))).toBe("ready");
    expect(dataState(get, 200, routeHeaders("public", (await streamUnlessReady(Promise.resolve(failed))).init))).toBe(
      "sheet-error",
    );
    expect(dataState(get, 404, routeHeaders("public"))).toBe("private");
    expect(dataState(head, 200, routeHeaders("public")), "Remix answers HEAD as an action").toBe("private");
  });
});

describe("the keeping header", () => {
  it("never leaves the server: finishing a response removes it", () => {
    const headers = routeHeaders("public");
    expect(headers.get("X-Keeping")).toBe("public");
    finishResponse(headers, { kind: "data", url: new URL("http://x/sorteos.data") });
    expect(headers.has("X-Keeping")).toBe(false);
  });
});
