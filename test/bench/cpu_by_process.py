"""
The CPU of a whole run, by kind of process: `python3 test/bench/cpu_by_process.py OUT.json &`,
then the run, then `touch OUT.json.stop`. Reads every process's CPU from /proc twice a second and
the machine's busy time from /proc/stat (docs/testing.md, "Speed"): `time npm test` misses the
processes that are not its children (the run's shared Chromium, PostgreSQL). A process that
lives less than half a second between two reads is counted only up to its last read.
"""

import collections
import json
import os
import sys
import time

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
READ_EVERY_S = 0.5


def kind_of(pid: str) -> str | None:
    """What a process is, from its command line; None once it is gone."""
    try:
        words = [w.decode(errors="replace") for w in open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0") if w]
    except OSError:
        return None
    if not words:
        return "kernel"
    line = " ".join(words)
    program = os.path.basename(words[0])
    if "chromium" in program or "chrome" in program:
        for role in ("renderer", "gpu-process"):
            if f"--type={role}" in line:
                return f"chromium {role}"
        return "chromium helper" if "--type=" in line else "chromium browser"
    if program.startswith("node"):
        for needle, kind in (
            ("serve.js", "app server"),
            ("draw.js", "built command"),
            ("status.js", "built command"),
            ("ops-commands", "bundled command"),
            ("tsx", "command through tsx"),
            ("vitest", "vitest"),
            ("npm", "npm"),
        ):
            if needle in line:
                return f"node {kind}"
        return "node other"
    if "postgres" in program:
        return "postgres"
    return program


def process_times() -> dict[tuple[str, str], int]:
    """CPU ticks (user + system) of every process, by pid and start time (a pid is reused)."""
    times = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        times[(pid, fields[19])] = int(fields[11]) + int(fields[12])
    return times


def machine_ticks() -> list[int]:
    return [int(value) for value in open("/proc/stat").readline().split()[1:]]


def main(out: str) -> None:
    # Processes already running count only from now on.
    last = process_times()
    kinds = {key: "already running" for key in last}
    by_kind: collections.Counter[str] = collections.Counter()
    started, machine_before = time.time(), machine_ticks()
    while not os.path.exists(f"{out}.stop"):
        time.sleep(READ_EVERY_S)
        for key, ticks in process_times().items():
            if key not in kinds:
                kind = kind_of(key[0])
                if kind is None:
                    continue
                kinds[key] = kind
            by_kind[kinds[key]] += ticks - last.get(key, 0)
            last[key] = ticks
    spent = [after - before for before, after in zip(machine_before, machine_ticks())]
    idle = spent[3] + spent[4]
    result = {
        "wall_s": round(time.time() - started, 1),
        "idle_percent": round(100 * idle / sum(spent), 1),
        "busy_cpu_s": round((sum(spent) - idle) / TICKS_PER_SECOND, 1),
        "cpu_s_by_kind": {kind: round(ticks / TICKS_PER_SECOND, 1) for kind, ticks in by_kind.most_common()},
    }
    with open(out, "w") as file:
        json.dump(result, file, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
