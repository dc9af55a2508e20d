"""aiosmtpd's Mailbox handler, except that it refuses for good (550) any recipient whose
address starts with "rechazo": a mailbox that does not exist, as a real server answers it.
Started by test/support/smtp-server.ts with Debian's python3-aiosmtpd."""
from aiosmtpd.handlers import Mailbox


class MailboxRefusingSome(Mailbox):
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().startswith("rechazo"):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"
