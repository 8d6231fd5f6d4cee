"""A real SMTP server for dikast's mail tests, on 127.0.0.1 only.

It keeps every message it accepts in a spool folder so that tests can read back what
arrived: `<n>.eml` holds the bytes as received (after DATA), `<n>.json` the envelope
and how the message came (TLS or not, the authenticated user). Both are written to
temporary names and renamed, and before the server answers 250, so a client that got
its 250 finds the files in place.

Modes:
  plain     no TLS, no AUTH
  starttls  STARTTLS required before MAIL, AUTH required (only over TLS)
  tls       implicit TLS (SMTPS), AUTH required
  drop      like plain, but after keeping a message it drops the connection without
            answering: the client cannot know that the message was stored
  trickle   not SMTP at all: a greeting that never ends, one line every half second,
            so that each read returns in time but the exchange never finishes
  maildir   no TLS, no AUTH; each message is delivered into the Maildir of each
            recipient, <--maildir>/<local part>/{tmp,new,cur}/ (written in tmp/, then
            renamed into new/, as the Maildir specification asks), instead of the spool

Recipients whose local part starts with `reject` are refused with 550, for tests of a
message that fails while others go through.

When it listens it prints `READY <port>` on standard output (and writes the port to
--ready-file if given). It stops on SIGTERM or SIGINT.
"""

import argparse
import asyncio
import itertools
import json
import os
import signal
import ssl
import sys
import time

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Spool:
    """Writes accepted messages; names are unique across server processes."""

    def __init__(self, folder, tag):
        self.folder = folder
        self.tag = tag
        self.counter = itertools.count(1)
        os.makedirs(folder, exist_ok=True)

    def write(self, name, data):
        tmp = os.path.join(self.folder, "." + name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, os.path.join(self.folder, name))

    def keep(self, meta, content):
        stem = "%s-%d-%d" % (self.tag, os.getpid(), next(self.counter))
        self.write(stem + ".eml", content)
        self.write(stem + ".json", json.dumps(meta, indent=1).encode("utf-8"))
        return stem


MAILDIR_COUNTER = itertools.count(1)


def deliver(root, rcpt, content):
    """Delivers into the recipient's Maildir: tmp/ first, then new/ (one rename)."""
    local = rcpt.split("@", 1)[0].lower()
    if not local or "/" in local or local.startswith("."):
        raise ValueError("unusable local part %r" % local)
    box = os.path.join(root, local)
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(box, sub), exist_ok=True)
    name = "%.6f.P%dQ%d.dikast-test" % (time.time(), os.getpid(), next(MAILDIR_COUNTER))
    tmp = os.path.join(box, "tmp", name)
    with open(tmp, "wb") as f:
        f.write(content.replace(b"\r\n", b"\n"))
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, os.path.join(box, "new", name))


class Handler:
    def __init__(self, spool, mode, maildir=None):
        self.spool = spool
        self.mode = mode
        self.maildir = maildir

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = address.split("@", 1)[0].lower()
        if local.startswith("reject"):
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.mode == "maildir":
            content = envelope.original_content or envelope.content
            if isinstance(content, str):
                content = content.encode("utf-8")
            for rcpt in envelope.rcpt_tos:
                deliver(self.maildir, rcpt, content)
            return "250 2.0.0 delivered"
        transport = server.transport
        over_tls = transport is not None and transport.get_extra_info("ssl_object") is not None
        user = None
        if session.authenticated and isinstance(session.auth_data, LoginPassword):
            user = session.auth_data.login.decode("utf-8", "replace")
        meta = {
            "server": self.mode,
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "tls": over_tls,
            "auth_user": user,
            "received_unix": time.time(),
        }
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8")
        self.spool.keep(meta, content)
        if self.mode == "drop":
            # Stored, and the connection goes before the 250: the client never hears.
            server.transport.abort()
        return "250 2.0.0 kept"


def make_authenticator(user, password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode("utf-8", "replace") == user
            and auth_data.password.decode("utf-8", "replace") == password
        )
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    return authenticate


def tls_context(cert, key):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


async def trickle(reader, writer):
    try:
        while True:
            writer.write(b"220-dikast-test-smtp is slow today\r\n")
            await writer.drain()
            await asyncio.sleep(0.5)
    except (ConnectionError, OSError):
        pass


async def serve(args):
    loop = asyncio.get_running_loop()
    spool = Spool(args.spool, args.mode)
    handler = Handler(spool, args.mode, args.maildir)
    kwargs = dict(hostname="dikast-test-smtp", enable_SMTPUTF8=True, timeout=60, loop=loop)
    server_ssl = None
    if args.mode == "starttls":
        kwargs.update(
            tls_context=tls_context(args.cert, args.key),
            require_starttls=True,
            auth_required=True,
            auth_require_tls=True,
            authenticator=make_authenticator(args.user, args.password),
        )
    elif args.mode == "tls":
        server_ssl = tls_context(args.cert, args.key)
        # The whole connection is TLS, so AUTH needs no STARTTLS first.
        kwargs.update(
            auth_required=True,
            auth_require_tls=False,
            authenticator=make_authenticator(args.user, args.password),
        )
    if args.mode == "trickle":
        server = await asyncio.start_server(trickle, host="127.0.0.1", port=args.port)
    else:
        server = await loop.create_server(
            lambda: SMTP(handler, **kwargs), host="127.0.0.1", port=args.port, ssl=server_ssl
        )
    port = server.sockets[0].getsockname()[1]
    if args.ready_file:
        tmp = args.ready_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.rename(tmp, args.ready_file)
    print("READY %d" % port, flush=True)
    stop = loop.create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    await stop
    server.close()
    await server.wait_closed()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--mode",
        choices=["plain", "starttls", "tls", "drop", "trickle", "maildir"],
        required=True,
    )
    p.add_argument("--maildir", help="mode maildir: the folder holding one Maildir per recipient")
    p.add_argument("--port", type=int, default=0, help="0: any free port")
    p.add_argument("--spool", required=True)
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--user", default="dikast-test")
    p.add_argument("--password", default="")
    p.add_argument("--ready-file")
    args = p.parse_args()
    if args.mode == "maildir" and not args.maildir:
        p.error("--maildir is needed for mode maildir")
    if args.mode in ("starttls", "tls") and not (args.cert and args.key):
        p.error("--cert and --key are needed for mode " + args.mode)
    asyncio.run(serve(args))


if __name__ == "__main__":
    sys.exit(main())
