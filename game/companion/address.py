"""Where the companion's connections come from and where it listens: the ``Origin`` a
WebSocket may open with (:func:`same_origin`) and why a port could not be bound, as the
lobby says it (:func:`bind_problem`). No aiohttp at import (yarl is imported when asked)."""

from __future__ import annotations

import errno

#: Why a port could not be bound, by ``errno`` or Windows' ``winerror``: in use
#: (WSAEADDRINUSE 10048), refused by the system or a security tool (WSAEACCES 10013:
#: Windows reserves some ports), or no network to bind on.
PORT_TAKEN = {errno.EADDRINUSE, 10048}
PORT_REFUSED = {errno.EACCES, errno.EPERM, 10013}
NO_NETWORK = {errno.EADDRNOTAVAIL, errno.ENETDOWN, errno.ENETUNREACH, 10049, 10050, 10051}


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """Whether a WebSocket may open, by its ``Origin`` (issue 25). A browser names there
    the site of the page that opens the socket; the game's own page is served by this
    server, at the address the request's ``Host`` names, so the two agree (scheme, host,
    port). Another site's page (open on any device of the network), or ``null`` (a
    sandboxed frame, a local file), may not take a seat; no ``Origin`` at all is no
    browser's page (a scripted phone: the tests, the bench) and may."""
    if origin is None:
        return True
    from yarl import URL  # aiohttp's, on the server's thread

    try:
        page, own = URL(origin), URL(f"{scheme}://{host}")
        return page.host is not None and (page.scheme, page.host, page.port) == (own.scheme, own.host, own.port)
    except ValueError:  # no URL at all
        return False


def bind_problem(exc: OSError) -> str:
    """Why the port could not be bound, as the lobby says it: ``port_taken`` (another
    program has it), ``port_refused`` (the system will not let the game have it: on
    Windows a port reserved by Hyper-V or a security tool, WSAEACCES 10013; pick
    another), ``no_network``, or ``failed: <the error>``."""
    codes = {exc.errno, getattr(exc, "winerror", None)}  # winerror: Windows only
    for problem, known in (("port_taken", PORT_TAKEN), ("port_refused", PORT_REFUSED), ("no_network", NO_NETWORK)):
        if codes & known:
            return problem
    return f"failed: {exc!r}"[:200]
