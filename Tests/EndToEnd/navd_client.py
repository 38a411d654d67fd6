"""A minimal JSON-RPC client of navd's control socket, from Python's standard library, for the
end-to-end tests."""

import json
import socket


class Client:
    """A JSON-RPC client on navd's control socket, one request at a time; the notifications
    that come before a reply are kept in `events`."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rw")
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        """The whole reply to `method` (its `result` or its `error`)."""
        self.next_id += 1
        self.file.write(json.dumps(
            {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n")
        self.file.flush()
        while True:
            message = json.loads(self.file.readline())
            if message.get("id") == self.next_id:
                return message
            self.events.append(message)

    def result(self, method, **params):
        """The result of `method`; navd's error raises."""
        reply = self.call(method, **params)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def close(self):
        self.file.close()
        self.sock.close()
