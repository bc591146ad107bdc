"""The exception classes of ``requests`` that the pages' clients catch."""

import json


class RequestException(IOError):
    def __init__(self, *args, response=None, **kwargs):
        super().__init__(*args)
        self.response = response


class HTTPError(RequestException):
    pass


class ConnectionError(RequestException):
    pass


class Timeout(RequestException):
    pass


class InvalidSchema(RequestException, ValueError):
    pass


class JSONDecodeError(RequestException, json.JSONDecodeError):
    def __init__(self, msg, doc, pos):
        json.JSONDecodeError.__init__(self, msg, doc, pos)
