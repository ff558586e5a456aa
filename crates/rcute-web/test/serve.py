#!/usr/bin/env python3
"""A static file server for the playground's browser test (python3 serve.py DIR PORT).

It is `python3 -m http.server` plus one endpoint. Headless Chromium's `--dump-dom` dumps
the page at its load event, and `--virtual-time-budget` cannot wait for a Web Worker
(virtual time runs out at once while the worker's real work is pending), so the test page
holds its own load event open with `<img src="/hold">`: this server answers /hold only
after the page has fetched /release (its checks are done and written into the DOM), or
after HOLD_SECONDS, so a stuck page still gets dumped, with its checks unfinished.
"""
import functools
import http.server
import sys
import threading

HOLD_SECONDS = 240
released = threading.Event()

# a 1x1 transparent GIF: what /hold answers
GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def do_GET(self):
        if self.path.startswith("/hold"):
            released.wait(HOLD_SECONDS)
            self.reply(GIF, "image/gif")
        elif self.path.startswith("/release"):
            released.set()
            self.reply(b"ok", "text/plain")
        else:
            super().do_GET()

    def reply(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = functools.partial(Handler, directory=directory)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()
