// @vitest-environment jsdom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRevalidateOnInterval } from "~/lib/hooks/use-revalidate-on-interval";
import { renderInDom } from "../../support/render-in-dom";

const START = Date.UTC(2026, 10, 22, 12);
const MINUTE = 60_000;

function Page() {
  useRevalidateOnInterval();
  return <p>participantes</p>;
}

let visibility: DocumentVisibilityState = "visible";

/** A page whose route loader counts how often the router runs it, as Remix's would. */
async function mountPage() {
  const loader = vi.fn(() => ({ loadedAt: Date.now() }));
  const router = createMemoryRouter([{ path: "/", loader, element: <Page /> }], {
    hydrationData: { loaderData: { 0: { loadedAt: START } } },
  });
  const page = renderInDom(<RouterProvider router={router} />);
  await settle();
  return { loader, ...page };
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  await act(async () => {
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  visibility = "visible";
  document.body.innerHTML = "";
});

function useFakeClock() {
  vi.useFakeTimers({ now: START });
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
}

describe("useRevalidateOnInterval", () => {
  it("reloads the route's data every 5 minutes by default (docs/product.md#revalidation)", async () => {
    useFakeClock();
    const { loader } = await mountPage();
    expect(loader, "the first data came with the page").not.toHaveBeenCalled();
    await wait(5 * MINUTE - 1);
    expect(loader).not.toHaveBeenCalled();
    await wait(30_000);
    expect(loader).toHaveBeenCalledTimes(1);
    await wait(5 * MINUTE);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("does not reload a hidden tab, and reloads at once when it comes back with old data", async () => {
    useFakeClock();
    const { loader } = await mountPage();
    await setVisibility("hidden");
    await wait(50 * MINUTE);
    expect(loader).not.toHaveBeenCalled();
    await setVisibility("visible");
    expect(loader).toHaveBeenCalledTimes(1);
    await wait(5 * MINUTE - 30_000);
    expect(loader, "the reload on return counts as the latest").toHaveBeenCalledTimes(1);
    await wait(30_000);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("does not reload a tab that comes back with fresh data", async () => {
    useFakeClock();
    const { loader } = await mountPage();
    await setVisibility("hidden");
    await wait(4 * MINUTE);
    await setVisibility("visible");
    expect(loader).not.toHaveBeenCalled();
  });

  it("stops when the page goes away", async () => {
    useFakeClock();
    const { loader, unmount } = await mountPage();
    unmount();
    await wait(50 * MINUTE);
    await setVisibility("visible");
    expect(loader).not.toHaveBeenCalled();
  });
});
