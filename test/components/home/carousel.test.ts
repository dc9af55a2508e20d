import {
  nextIndex,
  perViewForWidth,
  previousIndex,
  swipeDirection,
  trackOrder,
  visibleIndices,
} from "~/lib/ui/carousel";

describe("perViewForWidth", () => {
  it("shows one card below the md breakpoint and three from it", () => {
    expect(perViewForWidth(320)).toBe(1);
    expect(perViewForWidth(390)).toBe(1);
    expect(perViewForWidth(767)).toBe(1);
    expect(perViewForWidth(768)).toBe(3);
    expect(perViewForWidth(1440)).toBe(3);
  });
});

describe("wrap-around", () => {
  it("maps any start onto the slide range, and an empty carousel onto 0", () => {
    expect(visibleIndices(10, 1, 10)).toEqual([0]);
    expect(visibleIndices(-1, 1, 10)).toEqual([9]);
    expect(visibleIndices(-21, 1, 10)).toEqual([9]);
    expect(nextIndex(3, 0)).toBe(0);
  });

  it("goes from the last slide to the first and back", () => {
    expect(nextIndex(9, 10)).toBe(0);
    expect(previousIndex(0, 10)).toBe(9);
    expect(nextIndex(4, 10)).toBe(5);
    expect(previousIndex(5, 10)).toBe(4);
  });

  it("returns to the start after a full lap either way", () => {
    let forward = 0;
    let backward = 0;
    for (let step = 0; step < 10; step += 1) {
      forward = nextIndex(forward, 10);
      backward = previousIndex(backward, 10);
    }
    expect(forward).toBe(0);
    expect(backward).toBe(0);
  });
});

describe("visibleIndices", () => {
  it("lists the slides in view, wrapping past the end", () => {
    expect(visibleIndices(0, 3, 10)).toEqual([0, 1, 2]);
    expect(visibleIndices(8, 3, 10)).toEqual([8, 9, 0]);
    expect(visibleIndices(9, 3, 10)).toEqual([9, 0, 1]);
    expect(visibleIndices(9, 1, 10)).toEqual([9]);
  });

  it("never shows more slides than exist", () => {
    expect(visibleIndices(0, 3, 2)).toEqual([0, 1]);
  });
});

describe("trackOrder", () => {
  it("puts the previous slide first, then the view, then the rest", () => {
    expect(trackOrder(0, 10)).toEqual([9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(trackOrder(9, 10)).toEqual([8, 9, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("holds every slide exactly once", () => {
    for (let start = 0; start < 10; start += 1) {
      expect([...trackOrder(start, 10)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });

  it("has the view right after the lead-in slide", () => {
    for (const perView of [1, 3]) {
      for (let start = 0; start < 10; start += 1) {
        expect(trackOrder(start, 10).slice(1, 1 + perView)).toEqual(visibleIndices(start, perView, 10));
      }
    }
  });
});

describe("swipeDirection", () => {
  it("needs a 40 px drag before it counts a swipe", () => {
    expect(swipeDirection(0)).toBeNull();
    expect(swipeDirection(39)).toBeNull();
    expect(swipeDirection(-39)).toBeNull();
  });

  it("turns a leftward drag into next and a rightward one into previous", () => {
    expect(swipeDirection(-40)).toBe("next");
    expect(swipeDirection(-120)).toBe("next");
    expect(swipeDirection(40)).toBe("previous");
    expect(swipeDirection(80)).toBe("previous");
  });
});
