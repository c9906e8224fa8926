"""Pixels for the gallery check (Conformance/gallery_check.py), standard library only: the PNGs
Chromium writes, decoded, cut and compared."""
import struct
import zlib


def decode_png(data):
    """8-bit RGB/RGBA non-interlaced PNG (what Chromium writes) → (width, height, RGB bytes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6), "unsupported PNG"
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), w * bpp
    prev, rgb, i = bytearray(stride), bytearray(), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            line = add_bytes(line, prev)
        elif f == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if bpp == 3:
            rgb += line
        else:
            del line[3::4]
            rgb += line
    return w, h, bytes(rgb)


def add_bytes(a, b):
    """(a + b) mod 256 bytewise, at C speed: each byte in a 16-bit lane of one integer, so no carry
    crosses into the next byte (the "Up" filter, all Chromium writes with optimizeForSpeed)."""
    n = len(a)
    wide_a, wide_b = bytearray(2 * n), bytearray(2 * n)
    wide_a[1::2], wide_b[1::2] = a, b
    total = (int.from_bytes(wide_a, "big") + int.from_bytes(wide_b, "big")) & int.from_bytes(b"\x00\xff" * n, "big")
    return bytearray(total.to_bytes(2 * n, "big")[1::2])


def crop(w, h, rgb, x, y, cw, ch):
    """The cw × ch box at (x, y) of a w × h RGB image → (cw, ch, RGB bytes)."""
    assert 0 <= x and 0 <= y and x + cw <= w and y + ch <= h, "crop outside the shot"
    return cw, ch, b"".join(rgb[((y + k) * w + x) * 3:((y + k) * w + x + cw) * 3] for k in range(ch))


def mean_diff(a, b):
    return sum(abs(x - y) for x, y in zip(a, b)) / max(1, len(a))
