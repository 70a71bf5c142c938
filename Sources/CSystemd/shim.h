#ifndef CAPCHECK_CSYSTEMD_SHIM_H
#define CAPCHECK_CSYSTEMD_SHIM_H
#include <systemd/sd-bus.h>
#endif
