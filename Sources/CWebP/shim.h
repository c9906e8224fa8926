// libwebp (BSD-3-Clause): the animation encoder (WebPAnimEncoder, in libwebpmux).
#include <webp/encode.h>
#include <webp/mux.h>
