import CRsvg
// librsvg and cairo, opened when a frame is first drawn, a PNG first written or a picture first
// cut into tiles (LottiePictureTiles.swift), not linked: with
// their dependencies (glib, pango, freetype, fontconfig, X11, …) they were about 6 MB of the
// default run's resident memory, which draws no pixel (BENCHMARKS.md#libraries-opened-on-first-use).
// The pointer types are the libraries' prototypes (Sources/CRsvg/shim.h).
import FoundationEssentials
import Glibc

#if canImport(Glibc)
    import Glibc
#endif

/// The librsvg and cairo calls the raster exporters make, named as in C.
struct RasterLibraries {
    let rsvg_handle_new_from_data: rsvg_handle_new_from_data_fn
    let rsvg_handle_render_document: rsvg_handle_render_document_fn
    let g_object_unref: g_object_unref_fn
    let g_error_free: g_error_free_fn
    let cairo_image_surface_create_for_data: cairo_image_surface_create_for_data_fn
    let cairo_surface_destroy: cairo_surface_destroy_fn
    let cairo_surface_flush: cairo_surface_flush_fn
    let cairo_create: cairo_create_fn
    let cairo_destroy: cairo_destroy_fn
    let cairo_surface_write_to_png_stream: cairo_surface_write_to_png_stream_fn
    let cairo_status_to_string: cairo_status_to_string_fn
    let cairo_image_surface_create_from_png_stream: cairo_image_surface_create_from_png_stream_fn
    let cairo_surface_status: cairo_surface_status_fn
    let cairo_image_surface_get_format: cairo_image_surface_get_format_fn
    let cairo_image_surface_get_width: cairo_image_surface_get_int_fn
    let cairo_image_surface_get_height: cairo_image_surface_get_int_fn
    let cairo_image_surface_get_stride: cairo_image_surface_get_int_fn
    let cairo_image_surface_get_data: cairo_image_surface_get_data_fn

    /// The sonames of Debian's librsvg2-2, libcairo2 and libglib2.0-0 (the libraries the
    /// build used to link).
    static let rsvgLibrary = "librsvg-2.so.2", cairoLibrary = "libcairo.so.2", gobjectLibrary = "libgobject-2.0.so.0",
        glibLibrary = "libglib-2.0.so.0"

    /// Opened once, on first use (a static let is initialised once, thread-safely).
    private static let opened: Result<RasterLibraries, RasterError> = Result { () throws(RasterError) in try RasterLibraries() }

    /// The calls, or why they cannot be made (a library or symbol missing).
    static func load() throws(RasterError) -> RasterLibraries { try opened.get() }

    private init() throws(RasterError) {
        let rsvg = try Self.open(Self.rsvgLibrary), cairo = try Self.open(Self.cairoLibrary)
        let gobject = try Self.open(Self.gobjectLibrary), glib = try Self.open(Self.glibLibrary)
        rsvg_handle_new_from_data = try Self.symbol(rsvg, "rsvg_handle_new_from_data")
        rsvg_handle_render_document = try Self.symbol(rsvg, "rsvg_handle_render_document")
        g_object_unref = try Self.symbol(gobject, "g_object_unref")
        g_error_free = try Self.symbol(glib, "g_error_free")
        cairo_image_surface_create_for_data = try Self.symbol(cairo, "cairo_image_surface_create_for_data")
        cairo_surface_destroy = try Self.symbol(cairo, "cairo_surface_destroy")
        cairo_surface_flush = try Self.symbol(cairo, "cairo_surface_flush")
        cairo_create = try Self.symbol(cairo, "cairo_create")
        cairo_destroy = try Self.symbol(cairo, "cairo_destroy")
        cairo_surface_write_to_png_stream = try Self.symbol(cairo, "cairo_surface_write_to_png_stream")
        cairo_status_to_string = try Self.symbol(cairo, "cairo_status_to_string")
        cairo_image_surface_create_from_png_stream = try Self.symbol(cairo, "cairo_image_surface_create_from_png_stream")
        cairo_surface_status = try Self.symbol(cairo, "cairo_surface_status")
        cairo_image_surface_get_format = try Self.symbol(cairo, "cairo_image_surface_get_format")
        cairo_image_surface_get_width = try Self.symbol(cairo, "cairo_image_surface_get_width")
        cairo_image_surface_get_height = try Self.symbol(cairo, "cairo_image_surface_get_height")
        cairo_image_surface_get_stride = try Self.symbol(cairo, "cairo_image_surface_get_stride")
        cairo_image_surface_get_data = try Self.symbol(cairo, "cairo_image_surface_get_data")
    }

    /// Never closed: the process keeps them, as it kept them linked.
    private static func open(_ name: String) throws(RasterError) -> UnsafeMutableRawPointer {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw .render("\(name) could not be opened (\(dlerror().map { String(cString: $0) } ?? "unknown error")); install librsvg2-2 and libcairo2")
        }
        return handle
    }

    private static func symbol<F>(_ library: UnsafeMutableRawPointer, _ name: String) throws(RasterError) -> F {
        guard let address = dlsym(library, name) else { throw .render("\(name) is not in the installed librsvg or cairo") }
        return unsafeBitCast(address, to: F.self)
    }
}
