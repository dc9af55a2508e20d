/**
 * An address as the log shows it: the first character of the mailbox and the domain
 * (`j•••@example.com`), enough to tell mails apart, never enough to write to someone.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}
