// zlib (zlib licence): the gallery page's media block is deflated (GalleryMedia.swift).
#include <zlib.h>
