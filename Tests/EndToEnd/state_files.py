"""navd's state file format (docs/operations.md, "State and durability"), written and read
independently of navd, for the end-to-end tests: a header with the body's CRC-32C and length,
then the session as JSON.
"""

import json


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


CRC32C_TABLE = _crc32c_table()


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = CRC32C_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def encode_state_file(name, feature, version, state):
    body = json.dumps({"name": name, "feature": feature, "version": version, "state": state},
                      separators=(",", ":")).encode()
    return f"navd-state 1 crc32c={crc32c(body):08x} length={len(body)}\n".encode() + body


def decode_state_file(data):
    """The saved session of a state file's bytes, or a string saying what is wrong."""
    header, newline, body = data.partition(b"\n")
    fields = header.decode("utf-8", "replace").split(" ")
    if not newline or len(fields) != 4 or fields[:2] != ["navd-state", "1"]:
        return f"bad header {header[:80]!r}"
    try:
        expected = int(fields[2].removeprefix("crc32c="), 16)
        length = int(fields[3].removeprefix("length="))
    except ValueError:
        return f"bad header {header[:80]!r}"
    if len(body) != length:
        return f"length {len(body)}, header says {length}"
    if crc32c(body) != expected:
        return f"crc32c {crc32c(body):08x}, header says {expected:08x}"
    return json.loads(body)
