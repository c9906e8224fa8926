// giflib (MIT). Debian ships libgif.pc; upstream has none, hence `link "gif"` in the modulemap.
#include <gif_lib.h>
