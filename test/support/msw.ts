import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { handlers, sheetPath, type SheetScenario } from "../mocks/handlers";
import type { SheetSource } from "~/lib/server/parse-env.server";

/** In-process origin the msw handlers answer on; nothing leaves the process. */
export const MOCK_ORIGIN = "https://sheets.mock";

export function mockSheet(scenario: SheetScenario): SheetSource {
  return { kind: "url", url: `${MOCK_ORIGIN}${sheetPath(scenario)}` };
}

/** msw for the spreadsheet only; any other outgoing request fails the test. */
export function useSheetMocks() {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
