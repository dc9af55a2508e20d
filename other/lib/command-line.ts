/**
 * What every organizer's command does with its command line (README.md, "The organizer's
 * commands"; docs/decisions/077-commands-without-surprises.md): a usage error names the word that
 * is wrong, then shows the usage, with exit status 64; log lines go to stderr, so stdout holds
 * only what the command answers.
 */
import { exit } from "node:process";

/** Prints what is wrong with the command line, then the usage, and ends with exit status 64. */
export function usageError(problem: string, usage: string): never {
  console.error(`${problem}\n${usage}`);
  exit(64);
}

/** «word», as the usage errors quote what was typed. */
export const typed = (word: string) => `«${word}»`;

/**
 * Before the database and the configuration load: their start-up lines (`storage.ready`, the
 * `[config]` warnings) belong to the log on stderr, not to the command's answer on stdout.
 */
export function logToStderr(): void {
  console.log = (...args: unknown[]) => console.error(...args);
}
