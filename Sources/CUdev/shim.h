#ifndef CAPCHECK_CUDEV_SHIM_H
#define CAPCHECK_CUDEV_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr(3) and Dl_info are GNU extensions */
#endif
#include <dlfcn.h>
#include <stddef.h>
#include <libudev.h>

/* The file the dynamic loader mapped for a loaded symbol (dladdr(3)), or NULL. The string
   belongs to the loader and lives as long as the library stays loaded. */
static inline const char *capcheck_loaded_file(const void *address) {
    Dl_info info;
    return dladdr(address, &info) != 0 ? info.dli_fname : NULL;
}
#endif
