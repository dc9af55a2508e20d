import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * A console.error during a unit test is a bug (React warns there about keys, hydration,
 * act…), so it fails the test, as in the Epic Stack. A test that expects one says so with
 * `expectConsoleError()` and checks what was logged.
 */
let consoleError: MockInstance<typeof console.error>;
let expected = false;

export function expectConsoleError(): MockInstance<typeof console.error> {
  expected = true;
  consoleError.mockImplementation(() => undefined);
  return consoleError;
}

beforeEach(() => {
  expected = false;
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (!expected && calls.length > 0) {
    throw new Error(
      `console.error was called ${calls.length} time(s); call expectConsoleError() if the test expects it:\n` +
        calls.map((args) => args.map(String).join(" ")).join("\n"),
    );
  }
});
