// librsvg (LGPL-2+) and cairo: static SVG frames to pixels for the raster exporters, and a PNG's
// pixels for the Lottie picture tiles (LottiePictureTiles.swift). Not linked:
// they pull in glib, pango, freetype, X11 and more, about 6 MB resident from the moment the
// process starts, though a run without raster formats never draws a pixel. RasterLibraries.swift
// opens them on first use (dlopen) and calls them through the pointer types below, which are
// the prototypes of librsvg 2.54 and cairo 1.16 (only the calls and types the exporters use).
#include <stddef.h>
#include <stdint.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef size_t gsize;
typedef int gboolean;

/// glib's GError (GQuark is a guint32).
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

typedef struct {
    double x, y, width, height;
} RsvgRectangle;

typedef enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_FORMAT_RGB24 = 1 } cairo_format_t;

/// The statuses the exporters name; cairo_status_to_string describes any other.
typedef enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_STATUS_READ_ERROR = 10, CAIRO_STATUS_WRITE_ERROR = 11 } cairo_status_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef cairo_status_t (*cairo_read_func_t)(void *closure, unsigned char *data, unsigned int length);

typedef RsvgHandle *(*rsvg_handle_new_from_data_fn)(const uint8_t *data, gsize data_len, GError **error);
typedef gboolean (*rsvg_handle_render_document_fn)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
typedef void (*g_object_unref_fn)(void *object);
typedef void (*g_error_free_fn)(GError *error);
typedef cairo_surface_t *(*cairo_image_surface_create_for_data_fn)(
    unsigned char *data, cairo_format_t format, int width, int height, int stride);
typedef void (*cairo_surface_destroy_fn)(cairo_surface_t *surface);
typedef void (*cairo_surface_flush_fn)(cairo_surface_t *surface);
typedef cairo_t *(*cairo_create_fn)(cairo_surface_t *target);
typedef void (*cairo_destroy_fn)(cairo_t *cr);
typedef cairo_status_t (*cairo_surface_write_to_png_stream_fn)(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);
typedef const char *(*cairo_status_to_string_fn)(cairo_status_t status);
/// PNG pixels for the Lottie picture tiles (LottiePictureTiles.swift): libpng's decode, through cairo.
typedef cairo_surface_t *(*cairo_image_surface_create_from_png_stream_fn)(cairo_read_func_t read_func, void *closure);
typedef cairo_status_t (*cairo_surface_status_fn)(cairo_surface_t *surface);
typedef cairo_format_t (*cairo_image_surface_get_format_fn)(cairo_surface_t *surface);
typedef int (*cairo_image_surface_get_int_fn)(cairo_surface_t *surface);
typedef unsigned char *(*cairo_image_surface_get_data_fn)(cairo_surface_t *surface);
