import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../support/browser";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  siMs: number;
  tbtMs: number;
  cls: number;
}

/** One Lighthouse run with its mobile defaults, in the system Chromium. */
export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      siMs: metric("speed-index"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
    };
  } finally {
    chrome.kill();
  }
}

/** The median of each figure over the runs that completed; `failed` counts the others. */
export interface LighthouseSummary {
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  failed: number;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Lighthouse throttles its network and CPU by simulation, but a busy machine still shows
 * in the trace it simulates from (TBT most of all): several runs, reported by their median.
 */
export async function runLighthouseRepeatedly(
  url: string,
  chromePath: string,
  times: number,
): Promise<LighthouseSummary> {
  const runs: LighthouseFigures[] = [];
  let failed = 0;
  for (let run = 0; run < times; run++) {
    // On a busy machine Chromium sometimes misses Lighthouse's own deadlines (NO_FCP and the like).
    try {
      runs.push(await runLighthouse(url, chromePath));
    } catch (error) {
      console.error(String(error));
      failed += 1;
    }
  }
  if (runs.length === 0) throw new Error(`every Lighthouse run on ${url} failed`);
  const keys = Object.keys(runs[0]!) as (keyof LighthouseFigures)[];
  const median = Object.fromEntries(keys.map((key) => [key, medianOf(runs.map((run) => run[key]))]));
  return { runs, median: median as unknown as LighthouseFigures, failed };
}
