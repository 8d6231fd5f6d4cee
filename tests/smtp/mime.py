"""Reads .eml files with Python's own MIME parser (an implementation independent of the
one that wrote them) and prints, as one JSON list, what a mail client would see, so the
Rust tests can assert on it. Usage: mime.py FILE...

For each file: the raw header lines (to check encoding and injection), the decoded
headers, the parser's defects (a valid message has none), and every leaf part with its
content type, charset, disposition, file name, transfer encoding and decoded content
(text as a string; other parts as their length and the text when they decode as UTF-8).
"""

import json
import sys
from email import policy
from email.parser import BytesParser


def raw_header_lines(data):
    head = data.split(b"\r\n\r\n", 1)[0]
    return [line.decode("ascii", "backslashreplace") for line in head.split(b"\r\n")]


def defects_of(msg):
    found = []
    for part in msg.walk():
        found.extend(type(d).__name__ for d in part.defects)
        for value in part.values():
            found.extend(type(d).__name__ for d in getattr(value, "defects", ()))
    return found


def describe(path):
    with open(path, "rb") as f:
        data = f.read()
    msg = BytesParser(policy=policy.default).parsebytes(data)
    parts = []
    for part in msg.walk():
        if part.is_multipart():
            parts.append({"multipart": part.get_content_type()})
            continue
        payload = part.get_payload(decode=True) or b""
        entry = {
            "content_type": part.get_content_type(),
            "charset": part.get_content_charset(),
            "disposition": part.get_content_disposition(),
            "filename": part.get_filename(),
            "transfer_encoding": part.get("Content-Transfer-Encoding"),
            "length": len(payload),
        }
        try:
            entry["text"] = payload.decode(part.get_content_charset() or "utf-8")
        except (UnicodeDecodeError, LookupError):
            entry["text"] = None
        parts.append(entry)
    headers = {}
    for key in msg.keys():
        headers.setdefault(key.lower(), []).extend(str(v) for v in msg.get_all(key))
    return {
        "path": path,
        "raw_header_lines": raw_header_lines(data),
        "lines_crlf_only": b"\n" not in data.replace(b"\r\n", b""),
        "max_line_length": max(len(l) for l in data.split(b"\r\n")),
        "all_ascii": all(b < 128 for b in data),
        "headers": headers,
        "defects": defects_of(msg),
        "content_type": msg.get_content_type(),
        "parts": parts,
    }


if __name__ == "__main__":
    json.dump([describe(p) for p in sys.argv[1:]], sys.stdout, ensure_ascii=False, indent=1)
