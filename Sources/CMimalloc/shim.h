// mimalloc (MIT): the executables' malloc. Linked by the executables alone (not the library), so
// its malloc and free come before glibc's for the whole process (docs/platform.md#malloc-settings).
// Debian 12's libmimalloc-dev ships no pkg-config file: the header is /usr/include/mimalloc.h and
// the library /usr/lib/x86_64-linux-gnu/libmimalloc.so, both on the default search paths.
#include <mimalloc.h>

// The options, set at the start of main before any export: freed pages go back to the system at
// once instead of after mimalloc's default delays (25 ms for pages, 500 ms for segments), which
// kept one export's freed memory resident beside the next one's.
static inline void trans_export_mimalloc_setup(void) {
    mi_option_set(mi_option_decommit_delay, 0);
    mi_option_set(mi_option_decommit_extend_delay, 0);
    mi_option_set(mi_option_segment_decommit_delay, 0);
}
