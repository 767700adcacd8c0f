"""``palace-tutor serve``: serve a built site on 127.0.0.1 with the MIME types Pyodide needs."""

from __future__ import annotations

import errno
import functools
import http.server
import threading
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",  # streaming compilation requires it
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # revalidate each visit (cheap 304s): a rebuilt site is never served stale;
        # the service worker is what makes repeat visits fast and offline
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature from the base class
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = False


def make_server(directory: str | Path, port: int = 0, verbose: bool = False) -> SiteServer:
    """A server for ``directory`` on 127.0.0.1 (``port=0``: any free port); not yet serving."""
    directory = Path(directory)
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html not found: build the site first (palace-tutor build)")
    handler = functools.partial(SiteHandler, directory=str(directory))
    try:
        server = SiteServer(("127.0.0.1", port), handler)
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            raise OSError(err.errno, f"port {port} on 127.0.0.1 is already in use: pick another with --port") from err
        raise
    server.verbose = verbose
    return server


def serve_in_thread(directory: str | Path, port: int = 0) -> tuple[SiteServer, str]:
    """Start serving in a daemon thread; returns the server (call ``shutdown()``) and the site URL."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(directory: str | Path = "site", port: int = 8000, verbose: bool = True) -> None:
    """Serve until interrupted, printing the URL."""
    server = make_server(directory, port, verbose=verbose)
    print(f"serving {Path(directory).resolve()} at http://127.0.0.1:{server.server_address[1]}/ "
          "(Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def serve_process(directory: str | Path):
    """Serve from a separate process (so a test or bench process's GIL does not slow
    the server); returns the ``Popen`` (terminate it) and the site URL."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "palace_tutor.site.serve", str(directory), "0", "--quiet"],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.terminate()
        raise RuntimeError(f"site server did not start: {line!r}")
    return proc, line[line.index("http://"):].split()[0]


if __name__ == "__main__":
    import sys

    args = [a for a in sys.argv[1:] if a != "--quiet"]
    serve(args[0] if args else "site", int(args[1]) if len(args) > 1 else 8000, verbose="--quiet" not in sys.argv)
