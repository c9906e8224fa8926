// librsvg (LGPL-2+, linked dynamically) and cairo: static SVG frames to pixels for the raster
// exporters. Only the non-deprecated calls of librsvg 2.54 are used (render_document).
#include <librsvg/rsvg.h>
#include <cairo.h>
