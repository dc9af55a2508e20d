/**
 * Preloaded (`--import`) into a command a test runs (test/server/waitlist-notify.test.ts): once
 * the command writes to stderr a line matching DIE_AFTER_LINE (a regular expression), the process
 * kills itself with SIGKILL right after writing it, the way a machine dies mid-run. The command
 * dies at the point the test names, however late the test's own process gets to read the line:
 * a kill sent from the test raced the rest of the run on a busy machine.
 */
const pattern = new RegExp(process.env.DIE_AFTER_LINE ?? "");
if (!process.env.DIE_AFTER_LINE) throw new Error("DIE_AFTER_LINE must name the line to die after");
const write = process.stderr.write.bind(process.stderr);

process.stderr.write = (chunk, ...rest) => {
  // A pipe's writes are synchronous on Linux: the line has left when write returns.
  const written = write(chunk, ...rest);
  if (pattern.test(String(chunk))) process.kill(process.pid, "SIGKILL");
  return written;
};
