import type autocannon from "autocannon";

/** The figures every load script prints for one autocannon run. */
export function loadFigures(result: autocannon.Result) {
  return {
    requests: result.requests.total,
    "req/s (mean)": Math.round(result.requests.average),
    "latency p50 (ms)": result.latency.p50,
    "latency p99 (ms)": result.latency.p99,
    "latency max (ms)": result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    "non-2xx": result.non2xx,
  };
}

/** What a visitor would have noticed in a run that should lose nothing; empty when nothing. */
export function lostRequests(result: autocannon.Result, during = ""): string[] {
  return [
    result.errors > 0 && `${result.errors} errors${during}`,
    result.timeouts > 0 && `${result.timeouts} time-outs${during}`,
    result.non2xx > 0 && `${result.non2xx} non-2xx answers${during}`,
    result.requests.total === 0 && "no request completed",
  ].filter((problem): problem is string => Boolean(problem));
}

/** Prints PASS or FAIL with the problems; true when the run failed. */
export function reportVerdict(problems: string[], pass = "PASS"): boolean {
  if (problems.length > 0) console.error(`FAIL: ${problems.join("; ")}`);
  else console.log(pass);
  return problems.length > 0;
}
