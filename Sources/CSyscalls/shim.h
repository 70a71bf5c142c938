#ifndef CAPCHECK_CSYSCALLS_SHIM_H
#define CAPCHECK_CSYSCALLS_SHIM_H
#include <sys/syscall.h>
#include <unistd.h>

/* getdents64(2): glibc declares it only with _GNU_SOURCE, and syscall(2) is variadic, which
   Swift cannot call: one non-variadic shim. */
static inline long capcheck_getdents64(int fd, void *buffer, unsigned long size) {
    return syscall(SYS_getdents64, fd, buffer, size);
}
#endif
