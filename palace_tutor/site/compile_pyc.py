# Runs INSIDE Pyodide (Python 3.12, the browser's exact bytecode version): compile
# the .py members of wheels and zips listed in /work/jobs.json. Standard library only.
#   mode "sourceless": x.py -> x.pyc in place (how Pyodide's own compiled packages ship)
#   mode "beside":     keep x.py, add __pycache__/x.cpython-312.pyc (unchecked hash)
import base64
import hashlib
import importlib._bootstrap_external as ext
import importlib.util
import json
import zipfile

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_archive(src, dst, mode, prefix):
    out, compiled, kept = [], 0, 0
    with zipfile.ZipFile(src) as z:
        names = sorted(n for n in z.namelist() if not n.endswith("/"))
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        for n in names:
            if n == record:
                continue
            data = z.read(n)
            if not n.endswith(".py"):
                out.append((n, data))
                continue
            try:
                code = compile(data, prefix + n, "exec", dont_inherit=True)
            except SyntaxError:
                out.append((n, data))  # not Python 3.12 code (a template, a py2 file): left as it is
                kept += 1
                continue
            compiled += 1
            if mode == "sourceless":
                out.append((n + "c", bytes(ext._code_to_timestamp_pyc(code, 0, len(data)))))
            else:
                out.append((n, data))
                cache = importlib.util.cache_from_source(n)
                out.append((cache, bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(data), False))))
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        lines = []
        for n, data in sorted(out):
            z.writestr(zipfile.ZipInfo(n, ZIP_TIME), data, zipfile.ZIP_DEFLATED)
            lines.append(record_line(n, data))
        if record:
            lines.append(f"{record},,")
            z.writestr(zipfile.ZipInfo(record, ZIP_TIME), "\n".join(lines) + "\n", zipfile.ZIP_DEFLATED)
    return compiled, kept


jobs = json.load(open("/work/jobs.json"))
done = {}
for job in jobs:
    done[job["dst"]] = compile_archive(job["src"], job["dst"], job["mode"], job["prefix"])
json.dumps(done)
