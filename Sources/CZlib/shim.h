#ifndef CAPCHECK_CZLIB_SHIM_H
#define CAPCHECK_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro; wrap it so Swift can call it. */
static inline int capcheck_inflate_init_gzip(z_stream *stream) {
    /* 15 window bits + 32: accept gzip and zlib headers (automatic detection). */
    return inflateInit2(stream, 15 + 32);
}
#endif
