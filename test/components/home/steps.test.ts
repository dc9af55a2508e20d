import { DEFAULT_STEP, STEPS, stepAfterKey } from "~/content/steps";

describe("explainer steps", () => {
  it("has the spec's three steps in order", () => {
    expect(STEPS.map((step) => `${step.number} ${step.title}`)).toEqual([
      "1 Te invitamos",
      "2 Respondés con libertad",
      "3 Participás del sistema",
    ]);
  });

  it("starts on step 1", () => {
    expect(DEFAULT_STEP).toBe(1);
  });

  it("moves with the arrow keys and wraps at both ends", () => {
    expect(stepAfterKey(1, "ArrowRight")).toBe(2);
    expect(stepAfterKey(1, "ArrowDown")).toBe(2);
    expect(stepAfterKey(3, "ArrowRight")).toBe(1);
    expect(stepAfterKey(1, "ArrowLeft")).toBe(3);
    expect(stepAfterKey(2, "ArrowUp")).toBe(1);
  });

  it("jumps to the ends with Home and End", () => {
    expect(stepAfterKey(2, "Home")).toBe(1);
    expect(stepAfterKey(2, "End")).toBe(3);
  });

  it("ignores other keys", () => {
    expect(stepAfterKey(2, "Enter")).toBeNull();
    expect(stepAfterKey(2, "a")).toBeNull();
  });
});
