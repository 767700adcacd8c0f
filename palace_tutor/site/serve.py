"""``palace-tutor serve``: serve a built site on 127.0.0.1 with the MIME types Pyodide needs."""

from __future__ import annotations

import errno
import functools
import http.server
import os
import threading
import urllib.parse
from http import HTTPStatus
from pathlib import Path

from . import compress

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
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".gz": "application/gzip",
    ".img": "application/octet-stream",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types, the build's precompressed copies by
    ``Accept-Encoding``, validators for cheap revalidation, under an optional base path."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # revalidate each visit (cheap 304s): a rebuilt site is never served stale;
        # the service worker is what makes repeat visits fast and offline
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        base = self.server.base  # type: ignore[attr-defined]
        bare = urllib.parse.urlsplit(path).path
        if not bare.startswith(base):
            return ""  # outside the site: 404
        return super().translate_path("/" + path[len(base):])

    def send_head(self):
        base = self.server.base  # type: ignore[attr-defined]
        bare = urllib.parse.urlsplit(self.path).path
        if bare + "/" == base:  # /user/site -> /user/site/
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        path = self.translate_path(self.path)
        if not path:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        target = Path(path)
        if target.is_dir():
            if not bare.endswith("/"):
                return super().send_head()  # the base class redirects to the slash form
            target = target / "index.html"
        if not target.is_file():
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        copies = compress.variants(target)
        accepted = compress.accepted(self.headers.get("Accept-Encoding"))
        encoding, body = next(((enc, f) for enc, f in copies if enc in accepted), (None, target))
        try:
            f = open(body, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        st = os.fstat(f.fileno())
        etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}{"-" + encoding if encoding else ""}"'
        if etag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            f.close()
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._validators(etag, st, bool(copies))
            self.end_headers()
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(target)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(st.st_size))
        self._validators(etag, st, bool(copies))
        self.end_headers()
        return f

    def _validators(self, etag: str, st: os.stat_result, negotiated: bool) -> None:
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        if negotiated:  # caches must keep one answer per coding
            self.send_header("Vary", "Accept-Encoding")

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature from the base class
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    verbose = False
    base = "/"  # the path the site is served under, e.g. /user/palace-tutor/

    def handle_error(self, request, client_address) -> None:
        import sys

        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser went away mid-answer (a page closed while loading): nothing to report
        super().handle_error(request, client_address)


def _base(base: str) -> str:
    base = "/" + base.strip("/") + "/"
    return "/" if base == "//" else base


def make_server(directory: str | Path, port: int = 0, verbose: bool = False, base: str = "/") -> SiteServer:
    """A server for ``directory`` on 127.0.0.1 (``port=0``: any free port) under the path ``base``;
    not yet serving."""
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
    server.base = _base(base)
    return server


def _url(server: SiteServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{server.base}"


def serve_in_thread(directory: str | Path, port: int = 0, base: str = "/") -> tuple[SiteServer, str]:
    """Start serving in a daemon thread; returns the server (call ``shutdown()``) and the site URL."""
    server = make_server(directory, port, base=base)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, _url(server)


def serve(directory: str | Path = "site", port: int = 8000, verbose: bool = True, base: str = "/") -> None:
    """Serve until interrupted, printing the URL."""
    server = make_server(directory, port, verbose=verbose, base=base)
    print(f"serving {Path(directory).resolve()} at {_url(server)} (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def serve_process(directory: str | Path, base: str = "/"):
    """Serve from a separate process (so a test or bench process's GIL does not slow
    the server); returns the ``Popen`` (terminate it) and the site URL."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "palace_tutor.site.serve", str(directory), "0", "--quiet",
                             f"--base={base}"], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.terminate()
        raise RuntimeError(f"site server did not start: {line!r}")
    return proc, line[line.index("http://"):].split()[0]


if __name__ == "__main__":
    import sys

    base_arg = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--base=")), "/")
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    serve(args[0] if args else "site", int(args[1]) if len(args) > 1 else 8000, verbose="--quiet" not in sys.argv,
          base=base_arg)
