import { describe, expect, it } from "vitest";
import { robotsDirectiveFor } from "~/lib/sharing/robots-directive";

const directiveOf = (path: string) => robotsDirectiveFor(new URL(path, "https://opinionlabz.example"));

describe("robotsDirectiveFor", () => {
  it.each([
    "/sorteos?q=ana",
    "/sorteos?q=P%C3%A9rez",
    "/sorteos?q=OL-24001",
    "/sorteos?page=2",
    "/sorteos?page=02",
    "/sorteos?page=99999999999999999999",
    "/sorteos?q=ana&page=1",
    "/sorteos?page=3&utm_source=whatsapp",
    "/sorteos/?q=ana",
    "/sorteos.data?q=ana",
    "/sorteos.data?page=2",
  ])("keeps %s out of search results", (path) => {
    expect(directiveOf(path)).toBe("noindex");
  });

  it.each([
    "/sorteos",
    "/sorteos/",
    "/sorteos?page=1",
    "/sorteos?page=0",
    "/sorteos?page=-4",
    "/sorteos?page=abc",
    "/sorteos?q=",
    "/sorteos?q=%20%20",
    "/sorteos?utm_source=whatsapp",
    "/sorteos.data",
    "/",
    "/?q=ana&page=2",
    "/encuesta?page=2",
    "/bases-y-condiciones",
    "/privacidad",
    "/contacto",
    "/sorteos-viejos?q=ana",
  ])("lets %s be indexed", (path) => {
    expect(directiveOf(path)).toBeNull();
  });
});
