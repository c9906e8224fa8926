"""The gallery check's stdlib PNG reading (Conformance/gallery_pixels.py): every filter type
Chromium writes, the fast Up-filter sum, and the cut of one shot into the two players."""
import random
import struct
import unittest
import zlib

from Conformance.gallery_pixels import add_bytes, crop, decode_png, mean_diff


def png(w, h, rows_with_filters, color_type=2):
    """A PNG whose IDAT holds the given (filter byte, filtered row) pairs as they are."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(bytes([f]) + bytes(row) for f, row in rows_with_filters)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class GalleryPixels(unittest.TestCase):
    def test_add_bytes_is_the_bytewise_sum_mod_256(self):
        rng = random.Random(14)
        a = bytes(rng.randrange(256) for _ in range(3000))
        b = bytes(rng.randrange(256) for _ in range(3000))
        self.assertEqual(add_bytes(a, b), bytearray((x + y) & 255 for x, y in zip(a, b)))
        self.assertEqual(add_bytes(b"\xff\x01", b"\x01\xff"), bytearray(b"\x00\x00"))  # no carry into the next byte

    def test_up_filter_rows_decode_to_the_image(self):
        rng = random.Random(2)
        w, h = 5, 4
        image = [bytes(rng.randrange(256) for _ in range(w * 3)) for _ in range(h)]
        prev = bytes(w * 3)
        rows = []
        for line in image:  # Up: each byte minus the one above
            rows.append((2, bytes((x - y) & 255 for x, y in zip(line, prev))))
            prev = line
        self.assertEqual(decode_png(png(w, h, rows)), (w, h, b"".join(image)))

    def test_sub_filter_and_alpha(self):
        # One RGBA row, Sub-filtered: the second pixel is stored as its difference from the first.
        row = bytes([10, 20, 30, 255, 5, 5, 5, 0])
        self.assertEqual(decode_png(png(2, 1, [(1, row)], color_type=6)), (2, 1, bytes([10, 20, 30, 15, 25, 35])))

    def test_crop_cuts_the_players_out_of_one_shot(self):
        w, h = 4, 3
        rgb = bytes(range(w * h * 3))
        cw, ch, cut = crop(w, h, rgb, 1, 1, 2, 2)
        self.assertEqual((cw, ch), (2, 2))
        self.assertEqual(cut, rgb[15:21] + rgb[27:33])
        with self.assertRaises(AssertionError):
            crop(w, h, rgb, 3, 0, 2, 1)
        self.assertEqual(mean_diff(b"\x00\x0a", b"\x0a\x00"), 10.0)


if __name__ == "__main__":
    unittest.main()
