import { LIST_FOOTER } from "~/content/mails";
import { MailLink, MailSmallPrint } from "./mail-layout.server";

/** The foot of every mail to the list: why it came, and the way out (`leaveUrl`, the page that deletes the address). */
export function ListFooter({ leaveUrl }: { leaveUrl: string }) {
  return (
    <MailSmallPrint>
      {LIST_FOOTER.why} {LIST_FOOTER.leaveBefore}
      <MailLink href={leaveUrl}>{LIST_FOOTER.leaveLink}</MailLink>
      {LIST_FOOTER.leaveAfter}
    </MailSmallPrint>
  );
}
