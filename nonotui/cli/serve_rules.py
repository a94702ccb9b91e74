"""What a page may ask of ``nonotui serve``, and who may connect: the decisions behind the
server's limits (issue 32), without a server. :mod:`nonotui.cli.serve` takes the options,
:mod:`nonotui.cli.webserve` applies these to every request."""

from __future__ import annotations

import ipaddress
import secrets
import socket
from urllib.parse import urlsplit

MAX_COLUMNS = 500
MAX_ROWS = 200
"""The largest terminal a page gets, in cells, whatever size it asks for (at connect and on every
resize): a 4K screen at a 6-pixel font is about 640 x 180 cells, and a player drawing
500 x 200 cells stays near 300 MB, where 100000 x 100000 grew by gigabytes a minute."""

DEFAULT_SIZE = (80, 24)
"""The terminal's size when a page gives none that is a whole number."""

WILDCARDS = ("", "0.0.0.0", "::")
"""Hosts that bind every interface: a browser cannot be sent to them, so they need a public URL."""


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """The terminal size a page asks for (``width`` and ``height`` as its address or a resize
    message gives them: text or JSON numbers) in cells, each brought into 1 to ``MAX_COLUMNS``
    and 1 to ``MAX_ROWS``; ``None`` when either is not a whole number."""
    asked = (_whole(width), _whole(height))
    if asked[0] is None or asked[1] is None:
        return None
    return max(1, min(asked[0], MAX_COLUMNS)), max(1, min(asked[1], MAX_ROWS))


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and len(value) <= 20:
        try:
            return int(value)
        except ValueError:
            return None
    return None


def origin_of(url: str) -> str:
    """The origin of an http(s) ``url`` as a browser writes it in its ``Origin`` header:
    ``scheme://host[:port]``, lower case, without the scheme's default port."""
    parts = urlsplit(url.strip())
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:  # a port out of range: no page has that origin
        port = None
    if ":" in host:
        host = f"[{host}]"
    if port is None or port == {"http": 80, "https": 443}.get(scheme):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def page_origins(host: str, port: int, url: str) -> frozenset[str]:
    """The origins of the pages this server serves, from which alone it accepts a page's
    connection: the public URL's; on a loopback host also the names of this machine's loopback
    (a page opened as ``http://localhost:8000`` connects to ``127.0.0.1``); never one taken
    from the request itself, which any site's name can be made to resolve to."""
    origins = {origin_of(url)}
    if host not in WILDCARDS:
        shown = f"[{host}]" if ":" in host else host
        origins.add(origin_of(f"http://{shown}:{port}"))
    if is_loopback(host):
        for name in ("localhost", "127.0.0.1", "[::1]"):
            origins.add(origin_of(f"http://{name}:{port}"))
    return frozenset(origins)


def origin_allowed(origin: str | None, origins: frozenset[str]) -> bool:
    """Whether a connection whose ``Origin`` header is ``origin`` comes from one of this
    server's pages. A browser always sends the header with a websocket; a request without it
    is not from a page."""
    return origin is not None and origin_of(origin) in origins


def needs_token(host: str, no_token: bool) -> bool:
    """Whether the server asks for its access token: on a host other than loopback, unless
    ``--no-token`` (a loopback port is reachable from this machine only, whose processes can
    connect to it whatever it asks)."""
    return not no_token and not is_loopback(host)


def new_token() -> str:
    """A fresh access token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def is_loopback(host: str) -> bool:
    """Whether ``host`` reaches this machine only: a loopback address, or a name that resolves
    to loopback addresses alone (``localhost``). A name that does not resolve counts as not
    loopback (the warning is printed; the bind then fails with its own message)."""
    if host in WILDCARDS:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None)
    except OSError:
        return False
    addresses = {info[4][0] for info in found}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).partition("%")[0]).is_loopback for a in addresses
    )
