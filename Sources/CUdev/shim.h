#ifndef CAPCHECK_CUDEV_SHIM_H
#define CAPCHECK_CUDEV_SHIM_H
#include <libudev.h>
#endif
