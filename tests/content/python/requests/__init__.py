"""Test double of ``requests`` for running the pages' VIREO clients against a simulated device.

Every request is answered from the table in the JSON file named by ``LYKTA_HTTP_ROUTES``
(built from the OpenAPI documents: method, path pattern, status and the documented example
answer); a path no document has gets a 404 problem, as a device answers. Each request is
appended to the file named by ``LYKTA_HTTP_LOG`` (JSON lines) for the test to check against the
operation's parameters and request body schema.
"""

import json as _json
import os
import re
import urllib.parse

from . import exceptions
from .exceptions import ConnectionError, HTTPError, RequestException, Timeout  # noqa: F401

__version__ = "2.32.3"


class Response:
    def __init__(self, url, status_code, body):
        self.url = url
        self.status_code = status_code
        self.content = b"" if body is None else _json.dumps(body).encode()
        self.text = self.content.decode()
        self.headers = {"Content-Type": "application/json"} if body is not None else {}
        self.ok = status_code < 400

    def json(self):
        if not self.content:
            raise exceptions.JSONDecodeError("Expecting value", "", 0)
        return _json.loads(self.content)

    def raise_for_status(self):
        if self.status_code >= 400:
            raise HTTPError(f"{self.status_code} Error for url: {self.url}", response=self)


def _routes():
    with open(os.environ["LYKTA_HTTP_ROUTES"], encoding="utf-8") as f:
        return _json.load(f)


def request(method, url, params=None, data=None, headers=None, cookies=None, files=None, auth=None,
            timeout=None, allow_redirects=True, proxies=None, hooks=None, stream=None, verify=None,
            cert=None, json=None):
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise exceptions.InvalidSchema(f"No connection adapters were found for {url!r}")
    query = dict(urllib.parse.parse_qsl(parts.query))
    query.update({k: v for k, v in (params or {}).items() if v is not None})
    with open(os.environ["LYKTA_HTTP_LOG"], "a", encoding="utf-8") as log:
        log.write(_json.dumps({"method": method.upper(), "path": parts.path, "query": {k: str(v) for k, v in query.items()},
                               "json": json, "data": data if isinstance(data, (str, dict)) else None}) + "\n")
    for route in _routes():
        if route["method"] == method.upper() and re.fullmatch(route["pattern"], parts.path):
            return Response(url, route["status"], route["body"])
    code = "request.not_found"
    return Response(url, 404, {"type": f"urn:lykta:vireo:problem:{code}", "title": "Not found", "status": 404, "code": code})


def get(url, params=None, **kwargs):
    return request("GET", url, params=params, **kwargs)


def post(url, data=None, json=None, **kwargs):
    return request("POST", url, data=data, json=json, **kwargs)


def put(url, data=None, **kwargs):
    return request("PUT", url, data=data, **kwargs)


def patch(url, data=None, **kwargs):
    return request("PATCH", url, data=data, **kwargs)


def delete(url, **kwargs):
    return request("DELETE", url, **kwargs)
