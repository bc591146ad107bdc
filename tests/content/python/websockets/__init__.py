"""Test double of the ``websockets`` client (14.x API), for running the pages' event-stream clients.

``connect(uri, additional_headers=…, ssl=…)`` opens no connection: used as an async context
manager it records what the client sends and, once the client has subscribed with
``{"action": "subscribe", "topics": [...]}``, yields as text frames the events of the JSON file
named by ``LYKTA_WS_EVENTS`` whose topic matches a subscribed pattern (a full topic, or a path
ending in ``/*``), in file order, then ends the iteration as a closed connection does.
"""

import json
import os

__version__ = "14.2"


class ConnectionClosed(Exception):
    pass


def _matches(pattern, topic):
    return topic == pattern or (pattern.endswith("/*") and topic.startswith(pattern[:-1]))


class ClientConnection:
    def __init__(self, uri, additional_headers=None, ssl=None, **kwargs):
        if not uri.startswith(("ws://", "wss://")):
            raise ValueError(f"{uri} isn't a valid URI: scheme isn't ws or wss")
        self.uri = uri
        self.request_headers = dict(additional_headers or {})
        self._patterns = []
        self._closed = False

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        self._closed = True
        return False

    def __await__(self):
        async def _self():
            return self
        return _self().__await__()

    async def send(self, message):
        if self._closed:
            raise ConnectionClosed("sent 1000 (OK)")
        command = json.loads(message)
        if command.get("action") == "subscribe":
            self._patterns.extend(command["topics"])

    async def close(self):
        self._closed = True

    def __aiter__(self):
        return self._events()

    async def _events(self):
        with open(os.environ["LYKTA_WS_EVENTS"], encoding="utf-8") as f:
            events = json.load(f)
        for event in events:
            if any(_matches(p, event["topic"]) for p in self._patterns):
                yield json.dumps(event)


def connect(uri, *, additional_headers=None, ssl=None, **kwargs):
    return ClientConnection(uri, additional_headers=additional_headers, ssl=ssl, **kwargs)
