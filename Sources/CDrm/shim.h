#ifndef TOUCHBRIDGE_CDRM_SHIM_H
#define TOUCHBRIDGE_CDRM_SHIM_H
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif
