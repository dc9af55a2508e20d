import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./test/support/browser";
const url = process.argv[2]!;
const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
try {
  const result = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"] });
  const a = result!.lhr.audits;
  console.log("perf", result!.lhr.categories.performance!.score, "TBT", a["total-blocking-time"]!.numericValue, "FCP", a["first-contentful-paint"]!.numericValue, "LCP", a["largest-contentful-paint"]!.numericValue);
  const d = a["mainthread-work-breakdown"]!.details as any;
  for (const i of d.items) console.log("  ", i.groupLabel ?? i.group, Math.round(i.duration));
  const lt = a["long-tasks"]?.details as any;
  for (const i of lt?.items ?? []) console.log("  long", i.url, Math.round(i.startTime), Math.round(i.duration));
  const bt = a["bootup-time"]?.details as any;
  for (const i of bt?.items ?? []) console.log("  boot", i.url, Math.round(i.total), Math.round(i.scripting));
} finally { chrome.kill(); }
