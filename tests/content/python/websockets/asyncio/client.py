"""``websockets.asyncio.client.connect``: the same double as ``websockets.connect``."""

from .. import ClientConnection, connect  # noqa: F401
